import { ResendConfirmation } from '../../features/auth/resend-confirmation';
import { StoreCreditSection } from '../../features/credit/store-credit-section';

// Store credit in the account, with the auth area's "send the link again" for a code that waits for the
// email to be confirmed.
export function AccountStoreCredit({ balance }: { balance: number }) {
  return (
    <StoreCreditSection
      balance={balance}
      resendConfirmation={<ResendConfirmation label="Send the confirmation link again" />}
    />
  );
}
