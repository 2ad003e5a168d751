import { feedbackPageQuery } from "../../app/modules/feedback/feedback.server";
import { parseFeedbackListQuery } from "../../app/modules/feedback/list-query";
import { parseLogListQuery } from "../../app/modules/logs/list-query";
import { logsPageQuery } from "../../app/modules/logs/logs.server";
import { parseUserListQuery } from "../../app/modules/users/list-query";
import { usersPageQuery } from "../../app/modules/users/users.server";
import { builtLine, mock } from "./built";
import type { BenchList } from "./types";

/**
 * /logs, /logs/feedback and /users: the URL goes through the loader's own parser and page builder; each page is one
 * statement (the total rides along as a window, counted apart only past the end).
 */
const logs = (query: string) => builtLine("/logs", query, logsPageQuery(mock, parseLogListQuery(new URLSearchParams(query))));
const feedbackList = (query: string) =>
  builtLine("/logs/feedback", query, feedbackPageQuery(mock, parseFeedbackListQuery(new URLSearchParams(query))));
const usersList = (query: string) => builtLine("/users", query, usersPageQuery(mock, parseUserListQuery(new URLSearchParams(query))));

export const SYSTEM_LISTS: BenchList[] = [
  { route: "/login", query: "", anonymous: true },
  logs(""),
  // The bench seed's sign-ins and saves write "update" entries about orders (checked: matches on the bench database).
  logs("search=orden&type=update"),
  usersList(""),
  feedbackList(""),
];
