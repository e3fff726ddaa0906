// The credit area's public face: store credit balances, their ledger and the wallet's lots (every movement
// through addCredit and spendCredit), and the wallet's jobs.

export { addCredit, creditBalance, CreditService, spendCredit } from './credit.service';
export { creditRoutes } from './credit.routes';
export { expireCredit, remindExpiringCredit } from './credit-expiry';
