import { expect } from 'vitest';
import { addShopStaff } from '../modules/staff';
import { PASSWORD, signIn, signedInCustomer, uniqueEmail } from './accounts';
import { API } from './api-expect';
import type { TestApp, Visitor } from './harness';

// Support's fixtures (issue 23 part 5): a member of the support team signed in, and a customer's question.

export const QUESTION = {
  topic: 'order',
  message: 'My parcel has not arrived yet and the tracking has not moved since Monday.',
};

/** A member of the support team (first name Gia), signed in in a browser of their own. */
export async function supportTeamMember(t: TestApp): Promise<Visitor> {
  const email = uniqueEmail('support');
  await addShopStaff(t.database.db, { email, role: 'support', password: PASSWORD, firstName: 'Gia' });
  const visitor = t.visitor();
  await signIn(visitor, email);
  return visitor;
}

/** A new customer's question: their browser and the ticket's id. */
export async function askedQuestion(t: TestApp): Promise<{ visitor: Visitor; id: string }> {
  const { visitor } = await signedInCustomer(t);
  const asked = await visitor.post(`${API}/support_tickets`, QUESTION);
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  return { visitor, id: asked.body.data.id as string };
}
