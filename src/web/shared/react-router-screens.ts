import {
  Link,
  NavLink,
  Navigate,
  Outlet,
  ScrollRestoration,
  useLocation,
  useNavigate,
  useNavigation,
  useParams,
  useRouteError,
  useSearchParams,
} from 'react-router';
import type { ScreenRouter } from './router';

/** The screens' router in a running app: React Router's data router (decision 31). */
export const REACT_ROUTER: ScreenRouter = {
  Link,
  NavLink,
  Navigate,
  Outlet,
  ScrollRestoration,
  useNavigate,
  useSearchParams,
  useParams,
  useLocation,
  useNavigation,
  useRouteError,
};
