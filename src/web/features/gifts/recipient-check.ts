import { EMAIL_FORMAT_MESSAGE, EMAIL_MAX, EMAIL_PATTERN } from '../../../contracts/email-format';
import { GIFT_MESSAGE_MAX, GIFT_RECIPIENT_NAME_MAX, type GiftRecipient } from '../../../contracts/gifts';
import { characters } from '../../shared/forms/characters';
import { checked, type Checked, type FieldErrors } from '../../shared/forms/validate';

// A gift's recipient as the gift box's form checks it: the rules of giftRecipientSchema (contracts/gifts.ts)
// written out, so the gift box's page, a public page, loads no zod at first (decision 31).
// recipient-check.test.ts holds it to what the form's check with the schema said, for any input.

export interface RecipientFields {
  name: string;
  email: string;
  message: string;
}

/** The recipient the API takes (trimmed, the email in lower case, blanks left out), or each field's problem. */
export function checkGiftRecipient(values: RecipientFields): Checked<GiftRecipient> {
  const errors: FieldErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'Tell us who the gift is for';
  else if (characters(name) > GIFT_RECIPIENT_NAME_MAX) {
    errors.name = `Use at most ${GIFT_RECIPIENT_NAME_MAX} characters`;
  }
  const email = values.email.trim() === '' ? null : values.email.trim().toLowerCase();
  if (email !== null && characters(email) > EMAIL_MAX) errors.email = `Use at most ${EMAIL_MAX} characters`;
  else if (email !== null && !EMAIL_PATTERN.test(email)) errors.email = EMAIL_FORMAT_MESSAGE;
  const message = values.message.trim() === '' ? null : values.message.trim();
  if (message !== null && characters(message) > GIFT_MESSAGE_MAX) {
    errors.message = `Keep the message to ${GIFT_MESSAGE_MAX} characters`;
  }
  return checked(errors, { name, email, message });
}
