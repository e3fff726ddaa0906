// The credit area's public face: store credit balances and their ledger (every movement through
// addCredit and spendCredit).

export { addCredit, creditBalance, CreditService, spendCredit } from './credit.service';
export { creditRoutes } from './credit.routes';
