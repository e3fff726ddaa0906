// The customers area's public face: customers, their details and address book. Signing in is the auth area's.

export { addressSnapshot, AddressesService, customerAddress, type AddressRow } from './addresses.service';
export { CustomersService } from './customers.service';
export { orderFlags } from './customer-view';
export {
  createGuestCustomer,
  createOrFindCustomer,
  findCustomerByEmail,
  findCustomerById,
  updateCustomer,
  type CustomerRow,
} from './customers.repo';
export {
  addStoreCredit,
  guestsAmong,
  customerContact,
  customerContacts,
  customerIdsWithEmail,
  lockCustomer,
  lockCustomerCredit,
  lockCustomersCredit,
  storeCreditOf,
  takeStoreCredit,
} from './customer-rows';
export { addressBookLines, customerByReferralToken, type Referrer } from './household-reads';
export { customerRoutes } from './customers.routes';
export { allergenProfileOf, AllergenProfileService } from './allergen-profile';
export { allergenRoutes } from './allergens.routes';
export { addressRoutes } from './addresses.routes';
export { searchCustomers, type CustomerMatch } from './staff-reads';
