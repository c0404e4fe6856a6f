import { t } from '@lingui/core/macro';
import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { getProfile, isApiError, type AccountProfile } from '../../api';
import {
  brandHandling,
  businessDay,
  hasFeature,
  isSimpleDesignAccount,
  menuAccess,
  MODULE_NOT_LICENSED_RETCODE,
  parseSimpleDesignAccounts,
  SIMPLE_DESIGN_ACCOUNTS_URL,
  type AccessSubject,
  type BrandHandling,
  type Feature,
  type MenuAccess,
} from '../../protocol/access';
import { api } from '../app/api';
import { notify } from '../notice';

// The signed-in user's access as the workspace asks it: the profile's restrictions and module
// DateEnds, read once per workspace visit, decided by protocol/access.ts (the server's gates use
// the same rules). Screens ask `useAccess()`; none re-implements a rule.

export interface TenantInfo {
  readonly code: string;
  readonly name: string;
  readonly logo: string;
}

type AccessStatus = 'idle' | 'loading' | 'ready' | 'failed';

interface AccessState {
  status: AccessStatus;
  subject: AccessSubject | null;
  tenant: TenantInfo | null;
  /** the account is on the simple-design list (a static JSON file) */
  simpleDesign: boolean;
}

export const accessState = proxy<AccessState>({ status: 'idle', subject: null, tenant: null, simpleDesign: false });

/** The simple-design accounts (core.md §6), fetched with a timestamp so no cache serves an old list. */
export async function fetchSimpleDesignAccounts(signal?: AbortSignal): Promise<string[]> {
  const res = await fetch(`${SIMPLE_DESIGN_ACCOUNTS_URL}?t=${Date.now()}`, { signal });
  if (!res.ok) return [];
  return parseSimpleDesignAccounts(await res.json());
}

export function subjectOf(profile: AccountProfile): AccessSubject {
  return {
    project: profile.project,
    modules: profile.member_info?.modules ?? profile.modules,
    permissionList: profile.restrictions?.permission_list ?? [],
    hideList: profile.restrictions?.hide_list ?? [],
  };
}

/** Loads the profile for the workspace; returns the cleanup that drops it (another user may sign in next). */
export function loadAccess(): () => void {
  const controller = new AbortController();
  accessState.status = 'loading';
  getProfile(api, ['restrictions', 'project', 'member'], { silent: true, signal: controller.signal }).then(
    (profile) => {
      accessState.subject = subjectOf(profile);
      const p = profile.project_info;
      accessState.tenant = p ? { code: p.code, name: p.name, logo: p.logo } : null;
      accessState.status = 'ready';
      fetchSimpleDesignAccounts(controller.signal).then(
        (list) => {
          accessState.simpleDesign = isSimpleDesignAccount(list, profile.account);
        },
        () => undefined, // no list: nobody is a simple-design account
      );
    },
    () => {
      // Without the profile nothing is hidden: the server still refuses what the user may not use.
      if (!controller.signal.aborted) accessState.status = 'failed';
    },
  );
  return () => {
    controller.abort();
    accessState.status = 'idle';
    accessState.subject = null;
    accessState.tenant = null;
    accessState.simpleDesign = false;
  };
}

/** Mounts loadAccess for as long as the calling screen lives. */
export function useAccessLoader(): void {
  useEffect(() => loadAccess(), []);
}

export interface Access {
  readonly status: AccessStatus;
  /** the main menu entry: hidden, locked (authority tip) or open */
  menu(view: string): MenuAccess;
  feature(feature: Feature): boolean;
  readonly tenant: TenantInfo | null;
  readonly brand: BrandHandling;
}

/** The rules applied to a subject (null: not known yet, or failed: nothing is restricted in the UI). */
export function accessFor(status: AccessStatus, subject: AccessSubject | null, tenant: TenantInfo | null, today: string): Access {
  return {
    status,
    tenant,
    brand: brandHandling(subject?.project ?? ''),
    menu: (view) => (subject ? menuAccess(subject, view, today) : 'open'),
    feature: (f) => (subject ? hasFeature(subject, f, today) : true),
  };
}

export function useAccess(): Access {
  const snap = useSnapshot(accessState);
  return accessFor(snap.status, snap.subject, snap.tenant, businessDay(new Date()));
}

/** core.md §6: a missing module shows the authority tip instead of opening (protocol AUTHORITY_TIP, translated when shown). */
export function showAuthorityTip(): void {
  notify(t`您的账号暂未开通该功能模块或授权已过期，请联系管理员开通`, { kind: 'warning' });
}

/** Whether an API failure is the server's refusal for a missing module (it then gets the tip, not 接口出错！). */
export function isModuleRefusal(error: unknown): boolean {
  return isApiError(error) && error.code === MODULE_NOT_LICENSED_RETCODE;
}
