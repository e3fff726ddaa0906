// The dine-in area's public face (issue 21, decision 28): a table's tab (its members, rounds, split and
// parts), the tab and share order kinds, the tips a table sees, the floor view for staff, and the job that
// closes forgotten tabs.

export { TabsService } from './tabs.service';
export { TabBillsService } from './tab-bills.service';
export { TipsService } from './tips.service';
export { FloorService } from './floor.service';
export { shareKind, tabKind } from './tab-kinds';
export { dineInRoutes } from './dine-in.routes';
export { floorRoutes } from './floor.routes';
