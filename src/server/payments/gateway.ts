/** What the payment service needs from any bank, whatever its protocol. */
export type GatewayName = 'zarinpal' | 'sadad';
export const GATEWAYS: readonly GatewayName[] = ['zarinpal', 'sadad'];

export interface StartInput {
  /** Rials, as stored on the order. */
  amount: number;
  /** Our numeric id for this attempt (Sadad's OrderId must be unique per request). */
  attemptId: number;
  factorNumber: string;
  callbackUrl: string;
  description: string;
  mobile?: string | null;
  email?: string | null;
}

export type StartResult =
  | { ok: true; authority: string; redirectUrl: string; gatewayOrderId: string | null; payload: unknown }
  | { ok: false; code: number; message: string; payload: unknown };

/** The bank's own answer to "did this money arrive?". */
export type VerifyResult =
  | {
      paid: true;
      refId: string;
      cardPan: string | null;
      amount: number | null;
      gatewayOrderId: string | null;
      alreadyVerified: boolean;
      payload: unknown;
    }
  | { paid: false; code: number; message: string; payload: unknown };

/** Giving verified money back (ZarinPal's reverse.json); banks without such a call leave it to staff. */
export type ReverseResult = { ok: true; payload: unknown } | { ok: false; code: number; message: string; payload: unknown };

export interface PaymentGateway {
  name: GatewayName;
  start(input: StartInput): Promise<StartResult>;
  verify(input: { authority: string; amount: number }): Promise<VerifyResult>;
  reverse?(input: { authority: string }): Promise<ReverseResult>;
}
