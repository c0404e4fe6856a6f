import type { Migration } from '../migrations';

// Login throttling (accounts family; id 43 was assigned to this change outside the family blocks).
export const LOGIN_THROTTLE_MIGRATIONS: readonly Migration[] = [
  {
    id: 43,
    name: 'login throttling: progressive delays and usual addresses instead of hourly lockouts',
    sql: `
      -- One row per throttled scope, shared by every server process: kind 'pair' (account_key and
      -- address), 'account' (address = '') or 'address' (account_key = ''). failures leaks away
      -- continuously (server/auth/throttle.ts), so it is a real number.
      create table login_throttle (
        kind text not null check (kind in ('pair', 'account', 'address')),
        account_key text not null,
        address text not null,
        failures double precision not null,
        last_failure_at timestamptz not null,
        primary key (kind, account_key, address)
      );
      create index login_throttle_last_failure_idx on login_throttle (last_failure_at);

      -- Addresses that signed in to an account: they skip the account-wide and per-address
      -- delays, so an attack from elsewhere does not lock the owner out.
      create table login_known_addresses (
        account_key text not null,
        address text not null,
        last_success_at timestamptz not null,
        primary key (account_key, address)
      );
      create index login_known_addresses_success_idx on login_known_addresses (last_success_at);

      -- The hourly failure rows of migration 20 fed the hard lockout this replaces.
      drop table login_failures;
    `,
  },
];
