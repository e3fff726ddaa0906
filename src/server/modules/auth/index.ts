// The auth area's public face: accounts (sign-up, passwords, sign-in by password, link or provider),
// sessions, and the background answering of email requests.

export { AccountsService } from './accounts.service';
export { emailRequestsOf, type EmailRequests } from './email-requests';
export { accountRoutes } from './accounts.routes';
export { sessionRoutes } from './sessions.routes';
export { verifyPassword } from './passwords';
export { staffAccount, type StaffAccount } from './staff-accounts';
