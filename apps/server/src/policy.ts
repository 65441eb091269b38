/**
 * The one vocabulary for subject-level decisions: every module's `policy.ts` exports
 * `can(actor, action, subject)`, built here from a table with one rule per action, so the subject's type
 * follows the action. Services ask `can`; they never compare roles, permissions or owner ids themselves.
 * Route-level access (who may call a route at all) is `config.access` + `routeRefusal` in kernel/access-policy.ts.
 */
export type Rules<Actor, Subjects> = {
  [A in keyof Subjects]: (actor: Actor, subject: Subjects[A]) => boolean;
};

export type Can<Actor, Subjects> = <A extends keyof Subjects>(
  actor: Actor,
  action: A,
  subject: Subjects[A],
) => boolean;

export function definePolicy<Actor, Subjects>(rules: Rules<Actor, Subjects>): Can<Actor, Subjects> {
  return (actor, action, subject) => rules[action](actor, subject);
}
