import type { useActionData, useLoaderData } from "react-router";

/** What a loader's answer is once it reached the page (as `useLoaderData<typeof loader>()` gives it). */
export type LoaderData<T> = ReturnType<typeof useLoaderData<T>>;
/** What an action's answer is once it reached the page, when there is one. */
export type ActionData<T> = NonNullable<ReturnType<typeof useActionData<T>>>;
