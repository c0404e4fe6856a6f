// The floor-plan geometry library: pure TypeScript, millimetres, no three.js. See README.md.
export * from './clip';
export * from './furnish';
export * from './holes';
export * from './joints';
export * from './openings';
export * from './placement';
export * from './plan';
export * from './polygon';
export * from './room-match';
export * from './rooms';
export * from './snap';
export * from './tolerance';
export * from './wall-footprint';
export * from './wall-graph';
export * from './wall-join';
