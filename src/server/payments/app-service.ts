import type { AppDeps } from '../context';
import { createGateways } from './index';
import { createPaymentService, type PaymentService } from './service';
import { stockShortMail } from './store-notice';
import { enqueueOrderPaid } from '../notifications/order-events';
import { productsChanged } from '../services/read-cache';

/**
 * The payment service as the running shop uses it: gateways from configuration (the sandbox at the
 * server's own listening address, never a request's Host), the read cache dropped when stock moves,
 * and the store told by mail (STORE_EMAIL) when a payment came back for goods no longer there.
 */
export function appPaymentService(deps: AppDeps): PaymentService {
  return createPaymentService({
    db: deps.db,
    gateways: createGateways(deps.config, deps.ownUrl),
    onStockChanged: (productIds) => deps.cache.invalidate(productsChanged(productIds)),
    onStockShort: (notice) => deps.accounts.mailer.send(stockShortMail(deps.config.STORE_EMAIL, deps.config.STORE_NAME_FA, notice)),
    // Gateway and receipt payments tell the customer (invoice PDF attached) and the store the same way.
    onPaid: (tx, orderId) => enqueueOrderPaid(tx, deps.config, orderId),
  });
}

/** How often the server looks for payments left half-verified by a request that died. */
export const RESUME_STALLED_EVERY_MS = 60_000;
