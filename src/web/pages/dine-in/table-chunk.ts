import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { afterTokenSignIn } from '../../app/guards';
import { TablePage } from './table-page';
import '../../features/checkout/checkout.css';
import './dine-in.css';

// /dine-in's lazy chunk: a table's check, its question for the table number, and the restaurant's eat-in
// menu (the takeaway menu's, features/takeaway/menu). Nothing of it is in any public page's first JS.

export function tableRoute(queryClient: QueryClient): Pick<RouteObject, 'Component' | 'loader'> {
  return { Component: TablePage, loader: afterTokenSignIn(queryClient, () => null) };
}
