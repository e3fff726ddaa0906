import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { LoginStep, SignupStep } from '../../app/checkout-sign-in-steps';
import { AddonsStep } from './addons-step';
import { BookingPage } from './booking-page';
import { EventsCheckoutLayout } from './checkout-layout';
import { EventsContinueStep } from './continue-step';
import { eventGuards } from './guards';
import { ReservationPage } from './reservation-page';
import '../../features/checkout/checkout.css';
import '../../features/orders/orders.css';
import './events.css';

// The booking's lazy chunk: the guests, the reservation and the checkout's frame, sign-in steps and extras,
// each with its guard (guards.ts). Paying is its own chunk (payment-chunk.ts), the only one with payment code.

export type BookingScreen =
  'booking' | 'reservation' | 'layout' | 'start' | 'continue' | 'signup' | 'login' | 'addons';

type Route = Pick<RouteObject, 'Component' | 'loader' | 'element'>;

export function bookingRoute(queryClient: QueryClient, screen: BookingScreen): Route {
  switch (screen) {
    case 'booking':
      return { Component: BookingPage, loader: eventGuards.booking(queryClient) };
    case 'reservation':
      return { Component: ReservationPage, loader: eventGuards.draft(queryClient) };
    case 'layout':
      return { Component: EventsCheckoutLayout };
    case 'start':
      return { loader: eventGuards.start(queryClient), element: null };
    case 'continue':
      return { Component: EventsContinueStep, loader: eventGuards.signIn(queryClient) };
    case 'signup':
      return { Component: SignupStep, loader: eventGuards.signIn(queryClient) };
    case 'login':
      return { Component: LoginStep, loader: eventGuards.signIn(queryClient) };
    case 'addons':
      return { Component: AddonsStep, loader: eventGuards.draft(queryClient) };
  }
}
