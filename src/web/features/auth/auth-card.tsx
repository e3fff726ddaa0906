import type { ReactNode } from 'react';
import { useStepHeading } from '../../shared/ui/step-heading';

/** What a sign-in form is shown in: the auth pages' card, or the checkout's step. */
export interface AuthFrameProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

export function AuthCard({ title, intro, children }: AuthFrameProps) {
  const heading = useStepHeading(title);
  return (
    <div className="page page--narrow auth">
      <div className="auth__card">
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {intro ? <p className="auth__intro">{intro}</p> : null}
        {children}
      </div>
    </div>
  );
}

/** What a sign-up, reset or link request says, whether or not the email has an account. */
export function CheckInbox({ email, what }: { email: string; what: string }) {
  return (
    <div className="notice" role="status">
      <p>
        <strong>Check your inbox.</strong> If {email} can be used, we’ve sent {what}. The link works once.
      </p>
    </div>
  );
}
