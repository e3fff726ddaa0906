/** Who may see a basket: the browser that made it, and once signed in, the customer on any device. */
export interface BasketOwner {
  visitorId: string | null;
  customerId: string | null;
}
