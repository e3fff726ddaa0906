import { createContext, useContext } from 'react';
import { SUBSCRIPTION_FLOW, type CheckoutFlow } from './flows';

const FlowContext = createContext<CheckoutFlow>(SUBSCRIPTION_FLOW);

export const CheckoutFlowProvider = FlowContext.Provider;

export function useCheckoutFlow(): CheckoutFlow {
  return useContext(FlowContext);
}
