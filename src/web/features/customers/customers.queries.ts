import { queryOptions } from '@tanstack/react-query';
import {
  addressModel,
  type Address,
  type CreateAddressBody,
  type UpdateAddressBody,
} from '../../../contracts/addresses';
import { allergenProfileDocument } from '../../../contracts/allergen-profile';
import { customerModel, type Customer, type UpdateMeBody } from '../../../contracts/customers';
import { api } from '../../shared/api/client';
import { readMany, readOne } from '../../shared/api/documents';
import { customerQueries } from '../../shared/customer.queries';

// The account: profile changes and addresses (spec §7 Customers, Addresses). Store credit: features/credit.

export const accountQueries = {
  addresses: () =>
    queryOptions({
      queryKey: [...customerQueries.all, 'addresses'] as const,
      queryFn: async ({ signal }) => readMany(await api('GET', '/addresses', { signal }), addressModel),
    }),
  /** The allergen profile (issue 13 part 5): the UK allergens the customer avoids, and the 14 to choose from. */
  allergens: () =>
    queryOptions({
      queryKey: [...customerQueries.all, 'allergens'] as const,
      queryFn: async ({ signal }) =>
        allergenProfileDocument.parse(await api('GET', '/customers/allergens', { signal })).data.attributes,
    }),
};

const me = async (method: string, path: string, body: unknown): Promise<Customer> =>
  readOne(await api(method, path, { body }), customerModel);

export const accountApi = {
  updateMe: (body: UpdateMeBody) => me('PUT', '/me', body),
  setPhone: (phone: string | null) => me('PUT', '/customers/phone', { phone }),
  setDateOfBirth: (dateOfBirth: string | null) => me('PUT', '/customers/date_of_birth', { dateOfBirth }),
  setPaperless: (paperless: boolean) => me('PUT', '/customers/paperless', { paperless }),
  changePassword: (currentPassword: string, password: string) =>
    me('PUT', '/customers/password', { currentPassword, password }),
  addAddress: async (body: CreateAddressBody): Promise<Address> =>
    readOne(await api('POST', '/addresses', { body }), addressModel),
  updateAddress: async (id: string, body: UpdateAddressBody): Promise<Address> =>
    readOne(await api('PUT', `/addresses/${id}`, { body }), addressModel),
  deleteAddress: async (id: string): Promise<void> => {
    await api('DELETE', `/addresses/${id}`);
  },
  makeDefault: async (id: string): Promise<Address> =>
    readOne(await api('POST', `/addresses/${id}/default`), addressModel),
  /** Sets the allergen profile (codes 100–113); an empty list clears it. */
  setAllergens: async (allergens: number[]) =>
    allergenProfileDocument.parse(await api('PUT', '/customers/allergens', { body: { allergens } })).data
      .attributes,
};
