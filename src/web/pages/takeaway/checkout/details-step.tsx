import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../../shared/router';
import type { CreateAddressBody } from '../../../../contracts/addresses';
import type { TakeawayBasket } from '../../../../contracts/takeaway';
import { ukPhoneSchema } from '../../../../contracts/customers';
import type { Customer } from '../../../../contracts/customer-model';
import { CheckoutFrame } from '../../../features/checkout/checkout-frame';
import { accountApi } from '../../../features/customers/customers.queries';
import { checkoutPaths } from '../../../features/checkout/flows';
import { useCheckoutStep } from '../../../features/checkout/use-checkout-step';
import { NewAddress } from '../../../features/delivery/address-picker';
import { useCheckoutBasket } from '../../../features/takeaway/checkout/basket';
import { problemPlace } from '../../../features/takeaway/checkout/rules';
import { takeawayBasketApi, type TakeawayBasketState } from '../../../features/takeaway/takeaway.queries';
import { customerQueries, setCustomer } from '../../../shared/customer.queries';
import { emptyAddress, type AddressValues } from '../../../shared/forms/address-form';
import { FormError, NameFields, SubmitButton, TextField } from '../../../shared/forms/fields';
import { useForm } from '../../../shared/forms/use-form';
import { checked, type FieldErrors } from '../../../shared/forms/validate';
import { usePageMeta } from '../../../shared/use-page-meta';
import { useTakeawayFlow } from './layout';

// delivery/address: who the order is for and how to reach them. A delivery needs a name, the address (the
// one searched from, or another found by postcode) with its coordinates, and a UK phone for the rider
// (spec §5); a collection or a table, a name and a phone. Saved on the basket; a problem with where it goes
// (too far for the restaurant) is said on the form.

/** Said beside the phone field when the account has no number yet: it is kept for next time. */
const KEPT_FOR_NEXT_TIME = 'We’ll keep this number in your account for next time.';

/**
 * The phone given at checkout becomes the account's when it has none (issue 19, item 13; spec §7 PUT
 * /customers/phone, §5's UK rules on the server too), so the next checkout starts with it. Giving it here is
 * the consent; a number already in the account is never replaced from a checkout. A failure here costs the
 * order nothing: the basket has the number.
 */
async function keepPhone(
  queryClient: QueryClient,
  customer: Customer | null | undefined,
  phone: string | null,
) {
  if (!customer || customer.phone || !phone?.trim()) return;
  try {
    setCustomer(queryClient, await accountApi.setPhone(phone.trim()));
  } catch {
    // The account keeps no number this time; the next checkout asks again.
  }
}

/** The basket's answer, or what is wrong with the details it now has (said on the form). */
function detailsProblem(state: TakeawayBasketState): string | null {
  return state.basket.problems.find((p) => problemPlace(p) === 'details')?.detail ?? null;
}

export function DetailsStep() {
  const flow = useTakeawayFlow();
  const delivery = useCheckoutBasket().basket?.fulfillmentType === 'delivery';
  usePageMeta(delivery ? 'Checkout: delivery address' : 'Checkout: your details');
  useCheckoutStep(3, flow.kind);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { basket, set } = useCheckoutBasket();
  const customer = useQuery(customerQueries.me()).data;
  const phoneHint = customer && !customer.phone ? ` ${KEPT_FOR_NEXT_TIME}` : '';

  if (!basket) return <CheckoutFrame title="Your details" loading="Loading your basket" />;

  const save = async (address: NonNullable<Parameters<typeof takeawayBasketApi.update>[1]['address']>) => {
    const state = await takeawayBasketApi.update(basket.id, { address });
    set(state);
    const problem = detailsProblem(state);
    if (problem) throw new Error(problem);
    await keepPhone(queryClient, customer, address.phone ?? null);
    await navigate(checkoutPaths(flow).instructions);
  };

  const known = basket.address;
  const name = {
    firstName: known?.firstName ?? customer?.firstName ?? '',
    lastName: known?.lastName ?? customer?.lastName ?? '',
    phone: known?.phone ?? customer?.phone ?? '',
  };
  const restaurant = basket.restaurant?.name ?? 'the restaurant';

  if (basket.fulfillmentType === 'delivery') {
    const start: AddressValues | null = known?.address1
      ? {
          ...name,
          address1: known.address1,
          address2: known.address2 ?? '',
          city: known.city ?? '',
          zip: known.zip ?? '',
          lat: known.lat,
          lon: known.lon,
        }
      : null;
    const saveAddress = (body: CreateAddressBody) =>
      save({
        firstName: body.firstName ?? null,
        lastName: body.lastName ?? null,
        address1: body.address1 ?? null,
        address2: body.address2 ?? null,
        city: body.city ?? null,
        zip: body.zip ?? null,
        country: 'United Kingdom',
        countryCode: 'GB',
        phone: body.phone ?? null,
        lat: body.lat ?? null,
        lon: body.lon ?? null,
      });
    return (
      <CheckoutFrame
        title="Where should we deliver?"
        intro={`From ${restaurant}. The rider calls this number if they can’t find you.`}
      >
        <section className="checkout-card" aria-labelledby="tw-address-heading">
          <h2 id="tw-address-heading">{start ? 'Your delivery address' : 'Find your address'}</h2>
          <NewAddress
            forDelivery
            anyArea
            needs={{ phone: true, lastName: true }}
            start={start}
            blank={{ ...emptyAddress(name.firstName, name.lastName), phone: name.phone }}
            hint={`Check the address, and add your name and a phone number for the rider.${phoneHint}`}
            submitLabel="Continue"
            onSave={saveAddress}
          />
        </section>
      </CheckoutFrame>
    );
  }

  return (
    <CheckoutFrame
      title={basket.fulfillmentType === 'eat_in' ? 'Your details' : 'Who’s collecting?'}
      intro={
        basket.fulfillmentType === 'eat_in'
          ? `Your order is brought to your table at ${restaurant}.`
          : `Collect your order from ${restaurant}. We’ll call this number if anything changes.`
      }
    >
      <CollectorForm
        initial={name}
        phoneHint={phoneHint}
        onSave={(values) => save({ ...(known ?? blankAddress()), ...values })}
      />
    </CheckoutFrame>
  );
}

function blankAddress(): NonNullable<TakeawayBasket['address']> {
  return {
    firstName: null,
    lastName: null,
    address1: null,
    address2: null,
    city: null,
    zip: null,
    country: 'United Kingdom',
    countryCode: 'GB',
    phone: null,
    lat: null,
    lon: null,
  };
}

interface Collector {
  firstName: string;
  lastName: string;
  phone: string;
}

function checkCollector(values: Collector) {
  const found: FieldErrors = {};
  if (!values.firstName.trim()) found.firstName = 'Enter your first name';
  if (!values.lastName.trim()) found.lastName = 'Enter your last name';
  const phone = ukPhoneSchema.safeParse(values.phone.trim());
  if (!values.phone.trim()) found.phone = 'Enter a phone number, like 07911 123456';
  else if (!phone.success) found.phone = phone.error.issues[0]?.message ?? 'Enter a valid UK phone number';
  return checked(found, {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phone: values.phone.trim(),
  });
}

/** A collection's or a table's details: the name the order is under and a UK phone (spec §5). */
function CollectorForm({
  initial,
  phoneHint,
  onSave,
}: {
  initial: Collector;
  phoneHint: string;
  onSave: (values: Collector) => Promise<void>;
}) {
  const form = useForm({ initial, check: checkCollector, onSubmit: onSave });
  return (
    <form {...form.props} className="checkout-card">
      <FormError message={form.formError} />
      <NameFields first={form.field('firstName')} last={form.field('lastName')} />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint={`A UK number, like 07911 123456.${phoneHint}`}
        {...form.field('phone')}
      />
      <SubmitButton busy={form.busy} busyLabel="Saving…" block>
        Continue
      </SubmitButton>
    </form>
  );
}
