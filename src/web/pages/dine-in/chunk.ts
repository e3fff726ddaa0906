import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { LoginStep, SignupStep } from '../../app/checkout-sign-in-steps';
import { AddToOrderStep } from './add-to-order-step';
import { DineInCheckoutLayout } from './checkout-layout';
import { CloseTabPage } from './close-tab-page';
import { dineInGuards } from './guards';
import { OpenTabStep } from './open-tab-step';
import { PaypalDineInSetupPage } from './paypal-setup-page';
import { DineInContinueStep, GuestEmailStep } from './sign-in-steps';
import { SummaryStep } from './summary-step';
import { TippingStep } from './tipping-step';
import { ViewTabPage } from './view-tab-page';
import './dine-in.css';

// Dine-in's checkout and tab pages as one lazy chunk: the checkout's frame and steps, the tab, the bill and
// PayPal's return for a tab's hold, each with its guard (guards.ts).

export type Screen =
  | 'dine-in'
  | 'layout'
  | 'summary'
  | 'continue'
  | 'signup'
  | 'login'
  | 'guest/email'
  | 'payment'
  | 'tipping'
  | 'add-to-order'
  | 'dine-in-view-tab'
  | 'dine-in-close-tab'
  | 'paypal-dine-in-setup';

type Route = Pick<RouteObject, 'Component' | 'loader'>;

export function dineInRoute(queryClient: QueryClient, screen: Exclude<Screen, 'dine-in'>): Route {
  const signIn = dineInGuards.signIn(queryClient);
  switch (screen) {
    case 'layout':
      return { Component: DineInCheckoutLayout };
    case 'summary':
      return { Component: SummaryStep, loader: dineInGuards.step(queryClient, 'summary') };
    case 'continue':
      return { Component: DineInContinueStep, loader: signIn };
    case 'signup':
      return { Component: SignupStep, loader: signIn };
    case 'login':
      return { Component: LoginStep, loader: signIn };
    case 'guest/email':
      return { Component: GuestEmailStep, loader: signIn };
    case 'tipping':
      return { Component: TippingStep, loader: dineInGuards.step(queryClient, 'tipping') };
    case 'payment':
      return { Component: OpenTabStep, loader: dineInGuards.step(queryClient, 'payment') };
    case 'add-to-order':
      return { Component: AddToOrderStep, loader: dineInGuards.step(queryClient, 'add-to-order') };
    case 'dine-in-view-tab':
      return { Component: ViewTabPage, loader: dineInGuards.tab(queryClient) };
    case 'dine-in-close-tab':
      return { Component: CloseTabPage, loader: dineInGuards.tab(queryClient) };
    case 'paypal-dine-in-setup':
      return { Component: PaypalDineInSetupPage, loader: dineInGuards.tab(queryClient) };
  }
}
