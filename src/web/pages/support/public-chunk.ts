import '../../features/support/support.css';

// The public support pages' lazy chunk (rendered on the server, docs/decisions/0017): the question form and
// its thanks. Nothing of the account's conversations, the team's inbox or the beta group is in it.

export { SupportPage } from './support-page';
export { SupportSuccessPage, supportSuccessLoader } from './success-page';
