import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { eventGuards } from './guards';
import { EventsPaymentStep } from './payment-step';
import '../../features/checkout/checkout.css';
import '../../features/orders/orders.css';
import './events.css';

// The events checkout's payment step as its own lazy chunk: the only events chunk with payment code.

export function paymentRoute(queryClient: QueryClient): Pick<RouteObject, 'Component' | 'loader'> {
  return { Component: EventsPaymentStep, loader: eventGuards.payment(queryClient) };
}
