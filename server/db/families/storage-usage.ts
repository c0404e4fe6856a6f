import type { Migration } from '../migrations';

// Storage accounting (docs/scenes.md "Storage quotas"). storage_usage keeps, per project and user,
// the bytes of what they store: scene files (every version, backup, auto save and preview, deleted
// scenes included until they are deep-deleted), POST /api/static uploads and uploaded models.
// Triggers on the three tables keep it exact on every insert, delete and size change, in the same
// transaction, so no code path (trims, deep deletes, sweeps, cascades of a deleted user) can forget
// it. The quota check reads the project's rows only (a handful per project: one per user).
// There is no foreign key to projects or users: a cascade that removes a user's files must still
// find the row to subtract from, and an upload whose user is gone counts under user 0.
export const STORAGE_USAGE_MIGRATIONS: readonly Migration[] = [
  {
    id: 41,
    name: 'storage usage per project and user, kept by triggers',
    sql: `
      create table storage_usage (
        project_code text not null,
        -- 0: uploads whose user was deleted
        user_id integer not null,
        bytes bigint not null default 0,
        primary key (project_code, user_id)
      );

      create function storage_usage_add(p_project text, p_user integer, p_bytes bigint) returns void
      language sql as $$
        insert into storage_usage (project_code, user_id, bytes) values (p_project, coalesce(p_user, 0), p_bytes)
        on conflict (project_code, user_id) do update set bytes = storage_usage.bytes + excluded.bytes
      $$;

      create function scene_files_usage() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then perform storage_usage_add(old.project_code, old.owner_id, -old.size); end if;
        if tg_op <> 'DELETE' then perform storage_usage_add(new.project_code, new.owner_id, new.size); end if;
        return null;
      end $$;
      create trigger scene_files_usage after insert or delete or update of project_code, owner_id, size
        on scene_files for each row execute function scene_files_usage();

      create function uploads_usage() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then perform storage_usage_add(old.project_code, old.user_id, -old.size); end if;
        if tg_op <> 'DELETE' then perform storage_usage_add(new.project_code, new.user_id, new.size); end if;
        return null;
      end $$;
      create trigger uploads_usage after insert or delete or update of project_code, user_id, size
        on uploads for each row execute function uploads_usage();

      -- model_uploads names no project; the row keeps it so that a cascade from a deleted user
      -- (whose users row is already gone) still subtracts from the right project.
      alter table model_uploads add column project_code text;
      update model_uploads m set project_code = u.project_code from users u where u.id = m.user_id;
      create function model_uploads_project() returns trigger language plpgsql as $$
      begin
        if new.project_code is null then
          select project_code into new.project_code from users where id = new.user_id;
        end if;
        return new;
      end $$;
      create trigger model_uploads_project before insert on model_uploads
        for each row execute function model_uploads_project();
      create function model_uploads_usage() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' and old.project_code is not null then perform storage_usage_add(old.project_code, old.user_id, -old.size); end if;
        if tg_op <> 'DELETE' and new.project_code is not null then perform storage_usage_add(new.project_code, new.user_id, new.size); end if;
        return null;
      end $$;
      create trigger model_uploads_usage after insert or delete or update of project_code, user_id, size
        on model_uploads for each row execute function model_uploads_usage();

      insert into storage_usage (project_code, user_id, bytes)
      select project_code, user_id, sum(size)::bigint from (
        select project_code, owner_id as user_id, size from scene_files
        union all select project_code, coalesce(user_id, 0), size from uploads
        union all select project_code, user_id, size from model_uploads where project_code is not null
      ) s group by project_code, user_id;

      -- the sweep of unused uploads (storage/upload-sweep.ts) looks for old uploads, and for scene
      -- files of the same project stored after one
      create index uploads_created_idx on uploads (created_at);
      create index scene_files_project_created_idx on scene_files (project_code, created_at);
    `,
  },
];
