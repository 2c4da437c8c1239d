/**
 * The part of JQL the Jira stand-in reads, as Atlassian documents it ("Use advanced search with Jira Query Language",
 * "JQL fields", "JQL operators", "Search syntax for text fields"), not as the plugin writes it: clauses `field
 * operator value` joined by AND and OR (AND binds first) and grouped in parentheses, then ORDER BY. Fields read:
 * project, labels, statusCategory (=, !=), summary and text (~). Values are words or strings in double quotes, `\"`
 * and `\\` escaped inside.
 *
 * What Jira refuses, answered 400 with `errorMessages`, worded as users quote them:
 * - an unfinished string: "Error in the JQL Query: The quoted string 'x' has not been completed. (line 1, character 9)"
 *   (e.g. pycontribs/jira#1212, go-jira#347);
 * - a reserved character outside a string: "Error in the JQL Query: The character '=' is a reserved JQL character. You
 *   must enclose it in a string or use the escape '\u003d' instead. (line 1, character 12)" (pycontribs/jira#1113);
 * - an unknown field: "Field 'x' does not exist or you do not have permission to view it." (jira-ruby#370);
 * - a text query Lucene cannot read (an unbalanced parenthesis or quote, a leading wildcard): "The text query
 *   '(' for field 'text' is not valid: probably your use of wildcard characters is incorrect." (JRACLOUD-70930).
 * Inside a text query several terms must all appear (joined with AND) unless OR stands between them, in capitals.
 */
import type { JiraIssue } from './jira-fake.ts';

export class JqlError extends Error {}

type Node = { kind: 'and' | 'or'; left: Node; right: Node } | { kind: 'clause'; field: string; operator: string; value: string };

const RESERVED = new Set([...'=!<>~(),"\'{}[]|&*%+^$#@:;?/\\'.split('')]);

interface Token { type: 'word' | 'string' | 'op' | 'paren'; text: string; at: number }

function tokens(jql: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < jql.length;) {
    const c = jql[i]!;
    if (/\s/.test(c)) { i++; continue; }
    if (c === '"') {
      let text = '';
      let j = i + 1;
      for (; j < jql.length && jql[j] !== '"'; j++) text += jql[j] === '\\' ? jql[++j] ?? '' : jql[j];
      if (j >= jql.length) throw new JqlError(`Error in the JQL Query: The quoted string '${text}' has not been completed. (line 1, character ${i + 1})`);
      out.push({ type: 'string', text, at: i });
      i = j + 1;
      continue;
    }
    if (c === '(' || c === ')') { out.push({ type: 'paren', text: c, at: i }); i++; continue; }
    const op = /^(!=|!~|=|~)/.exec(jql.slice(i))?.[1];
    if (op) { out.push({ type: 'op', text: op, at: i }); i += op.length; continue; }
    if (RESERVED.has(c)) {
      throw new JqlError(`Error in the JQL Query: The character '${c}' is a reserved JQL character. You must enclose it in a string or use the escape '\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}' instead. (line 1, character ${i + 1})`);
    }
    const word = /^[^\s()"=!~]+/.exec(jql.slice(i))![0];
    out.push({ type: 'word', text: word, at: i });
    i += word.length;
  }
  return out;
}

const FIELDS = new Set(['project', 'labels', 'statuscategory', 'summary', 'text']);

/** The JQL read into a tree (ORDER BY dropped); throws JqlError in Jira's words. */
export function parseJql(jql: string): Node | null {
  const list = tokens(jql);
  const order = list.findIndex((token, index) => token.type === 'word' && /^order$/i.test(token.text) && /^by$/i.test(list[index + 1]?.text ?? ''));
  const where = order >= 0 ? list.slice(0, order) : list;
  let at = 0;
  const expect = (what: string) => {
    const token = where[at++];
    if (!token) throw new JqlError(`Error in the JQL Query: Expecting ${what} but reached the end of the query.`);
    return token;
  };
  const clause = (): Node => {
    const first = expect('a field');
    if (first.type === 'paren' && first.text === '(') {
      const inner = or();
      if (expect("')'").text !== ')') throw new JqlError("Error in the JQL Query: Expecting ')'.");
      return inner;
    }
    if (!FIELDS.has(first.text.toLowerCase())) throw new JqlError(`Field '${first.text}' does not exist or you do not have permission to view it.`);
    const operator = expect('an operator');
    if (operator.type !== 'op') throw new JqlError(`Error in the JQL Query: Expecting operator but got '${operator.text}'. (line 1, character ${operator.at + 1})`);
    const value = expect('a value');
    if (value.type === 'paren') throw new JqlError(`Error in the JQL Query: Expecting either a value, list or function but got '${value.text}'. (line 1, character ${value.at + 1})`);
    return { kind: 'clause', field: first.text.toLowerCase(), operator: operator.text, value: value.text };
  };
  const and = (): Node => {
    let node = clause();
    while (/^and$/i.test(where[at]?.text ?? '') && where[at]!.type === 'word') { at++; node = { kind: 'and', left: node, right: clause() }; }
    return node;
  };
  function or(): Node {
    let node = and();
    while (/^or$/i.test(where[at]?.text ?? '') && where[at]!.type === 'word') { at++; node = { kind: 'or', left: node, right: and() }; }
    return node;
  }
  if (!where.length) return null;
  const tree = or();
  if (at < where.length && where[at]!.text !== ')') throw new JqlError(`Error in the JQL Query: Expecting either 'OR' or 'AND' but got '${where[at]!.text}'. (line 1, character ${where[at]!.at + 1})`);
  return tree;
}

/** Whether a text (Lucene) query matches: its terms all appear, or one side of an OR does. */
function textMatches(query: string, text: string): boolean {
  if (/^[*?]|[()"]/.test(query.trim())) throw new JqlError(`The text query '${query}' for field 'text' is not valid: probably your use of wildcard characters is incorrect.`);
  const haystack = text.toLowerCase();
  return query.split(/\s+OR\s+/).some((group) => {
    const terms = group.split(/\s+/).filter((term) => term && term !== 'AND');
    return terms.length > 0 && terms.every((term) => haystack.includes(term.toLowerCase().replace(/[+\-&|!{}[\]^~*?\\:]/g, '')));
  });
}

/** The text of an ADF document. */
export const adfText = (node: unknown): string => {
  const { type, text, content } = (node ?? {}) as { type?: string; text?: string; content?: unknown[] };
  return type === 'text' ? text ?? '' : (content ?? []).map(adfText).join(' ');
};

export function jqlMatches(node: Node | null, issue: JiraIssue): boolean {
  if (!node) return true;
  if (node.kind !== 'clause') {
    return node.kind === 'and' ? jqlMatches(node.left, issue) && jqlMatches(node.right, issue) : jqlMatches(node.left, issue) || jqlMatches(node.right, issue);
  }
  const { field, operator, value } = node;
  const equal = (actual: boolean) => (operator === '!=' ? !actual : actual);
  if (field === 'project') return equal(issue.key.startsWith(`${value}-`));
  if (field === 'labels') return equal(((issue.fields.labels as string[] | undefined) ?? []).includes(value));
  if (field === 'statuscategory') return equal(issue.category === ({ done: 'done', 'to do': 'new', 'in progress': 'indeterminate' }[value.toLowerCase()] ?? value));
  const summary = String(issue.fields.summary ?? '');
  const text = field === 'summary' ? summary : `${summary} ${adfText(issue.fields.description)}`;
  return operator === '!~' ? !textMatches(value, text) : textMatches(value, text);
}
