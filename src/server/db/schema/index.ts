export * from './catalogue';
export * from './accounts';
export * from './orders';
export * from './engagement';
export * from './content';
export * from './notifications';
export * from './abuse';
export * from './payment-sandbox';
