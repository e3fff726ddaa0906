import { createColumnHelper, flexRender, tableFeatures, useTable } from '@tanstack/react-table';
import { formatPence } from '../../../../domain/money';
import { Link } from '../../../shared/router';
import type { StaffOrderSummaryView } from './orders.queries';

// A list of orders in the back office (issue 25 part 4): the search's results and a customer's orders, each
// linking to the order. Dates are London's.

export const DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
export const WHEN = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const features = tableFeatures({});
const column = createColumnHelper<typeof features, StaffOrderSummaryView>();
const ORDER_COLUMNS = column.columns([
  column.accessor('number', {
    header: 'Order',
    cell: (info) => <Link to={`/back-office/orders/${info.row.original.id}`}>#{info.getValue()}</Link>,
  }),
  column.accessor('createdAt', { header: 'Placed', cell: (info) => WHEN.format(new Date(info.getValue())) }),
  column.accessor('deliveryDate', {
    header: 'Delivery',
    cell: (info) => DAY.format(new Date(`${info.getValue()}T12:00:00Z`)),
  }),
  column.accessor('customerEmail', { header: 'Customer' }),
  column.accessor('postcode', { header: 'Postcode', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('stateLabel', { header: 'State' }),
  column.accessor('total', { header: 'Total', cell: (info) => formatPence(info.getValue()) }),
]);

export function OrdersTable({ orders, caption }: { orders: StaffOrderSummaryView[]; caption: string }) {
  const table = useTable<typeof features, StaffOrderSummaryView>({
    features,
    data: orders,
    columns: ORDER_COLUMNS,
  });
  return (
    <div className="back-office__table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="back-office__table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
