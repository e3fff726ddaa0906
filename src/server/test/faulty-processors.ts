import {
  PaymentProcessorError,
  type PaymentProcessor,
  type PaymentProcessors,
} from '../integrations/payments/port';

// A port wrapper for fault injection in API tests (issue 19): the payment processors as built, with a switch.
// 'unreachable': every call fails as a dropped connection does through the Stripe adapter (nothing is done);
// 'answer-lost': the call is made (a charge taken), then its answer is lost on the way back.

export type Fault = 'none' | 'unreachable' | 'answer-lost';

export interface FaultyProcessors {
  wrap(processors: PaymentProcessors): PaymentProcessors;
  fault: Fault;
}

export function faultyProcessors(): FaultyProcessors {
  const state: FaultyProcessors = {
    fault: 'none',
    wrap: (processors) => ({ stripe: faulty(processors.stripe), paypal: faulty(processors.paypal) }),
  };
  const outage = () =>
    new PaymentProcessorError('processor_unavailable', 'connect ECONNREFUSED 10.0.0.1:443', 502);
  const faulty = (processor: PaymentProcessor): PaymentProcessor =>
    new Proxy(processor, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          if (state.fault === 'unreachable') throw outage();
          const answer: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          if (state.fault === 'answer-lost') throw outage();
          return answer;
        };
      },
    });
  return state;
}
