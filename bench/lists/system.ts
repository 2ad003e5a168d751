import type { BenchList } from "./types";

const logsSelect = `select a.id, a.created_at, a.user_id, nullif(trim(u.first_name || ' ' || u.last_name), '') as user_name,
  u.email, a.type, a.message, a.identifier, a.tags, count(*) over() as total
  from audit_log a left join users u on u.id = a.user_id`;

export const SYSTEM_LISTS: BenchList[] = [
  { route: "/login", query: "", anonymous: true },
  { route: "/logs", query: "", sql: `${logsSelect} order by a.created_at desc, a.id desc limit 20` },
  {
    route: "/logs",
    query: "search=orden&type=update",
    sql: `${logsSelect} where (a.message || ' ' || coalesce(a.identifier, '')) ilike $1 and a.type = $2 order by a.created_at desc, a.id desc limit 20`,
    params: ["%orden%", "update"],
  },
  {
    route: "/users",
    query: "",
    sql: `select id, email, first_name, last_name, phone, role, level, permissions, is_active, last_login_at, count(*) over() as total
      from users order by first_name asc, last_name asc, id asc limit 20`,
  },
];
