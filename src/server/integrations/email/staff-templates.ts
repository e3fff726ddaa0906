import type { EmailMessage } from './index';
import { button, p, render } from './templates';

// The back office's email (issue 25 part 1): an owner's invitation to join the shop's staff.

export function staffInvitation({
  to,
  role,
  invitedBy,
  link,
  expires,
}: {
  to: string;
  /** "Manager". */
  role: string;
  /** The owner's name or email. */
  invitedBy: string;
  link: string;
  /** "Sunday 6 December". */
  expires: string;
}): EmailMessage {
  return render({
    to,
    template: 'staff_invitation',
    subject: `You’re invited to run Sfoglia with us (${role})`,
    preview: `${invitedBy} has invited you to Sfoglia’s back office as ${role.toLowerCase()}.`,
    heading: 'Join Sfoglia’s back office',
    greeting: 'Hello,',
    blocks: [
      p(`${invitedBy} has invited you to Sfoglia’s back office as ${role.toLowerCase()}.`),
      p(
        `Open the link, then sign in or create an account with this email address (${to}). The link works once, until ${expires}.`,
      ),
      button('Accept the invitation', link),
      p('If you weren’t expecting this, you can ignore this email: nothing changes until the link is used.'),
    ],
    signOff: 'Thank you,',
    reason: 'You’re receiving this because an owner of Sfoglia invited this address to join its staff.',
  });
}
