/**
 * The part of WIQL the Azure DevOps stand-in reads, as Microsoft documents it ("Syntax for the Work Item Query Language
 * (WIQL)", "Query fields, operators, and macros"), not as the plugin writes it: `SELECT [fields] FROM WorkItems WHERE
 * <conditions> ORDER BY ...`, conditions `[Field] operator value` joined by AND and OR (AND binds first) and grouped
 * in parentheses; operators =, <>, CONTAINS, NOT CONTAINS, IN and NOT IN (a parenthesised list); values string
 * literals in single quotes ("Enclose string literals in single quotes", a quote inside doubled), numbers, and the
 * @project macro. CONTAINS matches a substring, ignoring case; on System.Tags a whole tag.
 *
 * A field the project lacks, or a statement the service cannot read, is refused 400 with a VSS exception; the words
 * are this stand-in's own (TF51005 is the code the service gives a field that does not exist).
 */
export class WiqlError extends Error {}

type Value = string | number | string[];
type Node = { kind: 'and' | 'or'; left: Node; right: Node } | { kind: 'clause'; field: string; operator: string; value: Value };

interface Token { type: 'field' | 'string' | 'number' | 'word' | 'macro' | 'punct'; text: string; at: number }

function tokens(text: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < text.length;) {
    const c = text[i]!;
    if (/\s/.test(c)) { i++; continue; }
    if (c === "'") {
      let value = '';
      let j = i + 1;
      for (; j < text.length; j++) {
        if (text[j] === "'" && text[j + 1] === "'") { value += "'"; j++; continue; }
        if (text[j] === "'") break;
        value += text[j];
      }
      if (j >= text.length) throw new WiqlError(`The query could not be parsed: the string literal starting at character ${i + 1} is not closed.`);
      out.push({ type: 'string', text: value, at: i });
      i = j + 1;
      continue;
    }
    if (c === '[') {
      const end = text.indexOf(']', i);
      if (end < 0) throw new WiqlError(`The query could not be parsed: the field name starting at character ${i + 1} is not closed.`);
      out.push({ type: 'field', text: text.slice(i + 1, end), at: i });
      i = end + 1;
      continue;
    }
    const punct = /^(<>|>=|<=|[=<>(),])/.exec(text.slice(i))?.[1];
    if (punct) { out.push({ type: 'punct', text: punct, at: i }); i += punct.length; continue; }
    const word = /^@?[\w.]+/.exec(text.slice(i))?.[0];
    if (!word) throw new WiqlError(`The query could not be parsed: unexpected '${c}' at character ${i + 1}.`);
    out.push({ type: word.startsWith('@') ? 'macro' : /^\d+$/.test(word) ? 'number' : 'word', text: word, at: i });
    i += word.length;
  }
  return out;
}

/** The WHERE of a WIQL statement as a tree; throws WiqlError in the service's words. `fields`: the reference names known. */
export function parseWiql(statement: string, fields: ReadonlySet<string>): Node | null {
  const list = tokens(statement);
  const upper = (token?: Token) => (token?.type === 'word' ? token.text.toUpperCase() : '');
  const where = list.findIndex((token) => upper(token) === 'WHERE');
  if (upper(list[0]) !== 'SELECT' || !list.some((token) => upper(token) === 'FROM')) throw new WiqlError('The query could not be parsed: a statement is SELECT [fields] FROM WorkItems.');
  if (where < 0) return null;
  const order = list.findIndex((token, index) => index > where && upper(token) === 'ORDER');
  const body = list.slice(where + 1, order < 0 ? undefined : order);
  let at = 0;
  const next = (what: string) => {
    const token = body[at++];
    if (!token) throw new WiqlError(`The query could not be parsed: expecting ${what} at the end of the statement.`);
    return token;
  };
  const value = (): Value => {
    const token = next('a value');
    if (token.type === 'string' || token.type === 'macro') return token.text;
    if (token.type === 'number') return Number(token.text);
    if (token.text === '(') {
      const items: string[] = [];
      for (;;) {
        const item = next('a value');
        if (item.type !== 'string' && item.type !== 'number') throw new WiqlError(`The query could not be parsed: expecting a value at character ${item.at + 1}.`);
        items.push(item.text);
        const separator = next("',' or ')'");
        if (separator.text === ')') return items;
        if (separator.text !== ',') throw new WiqlError(`The query could not be parsed: expecting ',' at character ${separator.at + 1}.`);
      }
    }
    throw new WiqlError(`The query could not be parsed: expecting a value at character ${token.at + 1}.`);
  };
  const clause = (): Node => {
    const first = next('a field');
    if (first.text === '(') {
      const inner = or();
      if (next("')'").text !== ')') throw new WiqlError("The query could not be parsed: expecting ')'.");
      return inner;
    }
    if (first.type !== 'field') throw new WiqlError(`The query could not be parsed: expecting a field at character ${first.at + 1}.`);
    if (!fields.has(first.text)) throw new WiqlError(`TF51005: The query references a field that does not exist. The error is caused by «[${first.text}]».`);
    let operator = next('an operator').text.toUpperCase();
    if (operator === 'NOT') operator = `NOT ${next('an operator').text.toUpperCase()}`;
    if (!['=', '<>', 'CONTAINS', 'NOT CONTAINS', 'IN', 'NOT IN'].includes(operator)) throw new WiqlError(`The query could not be parsed: '${operator}' is not an operator here.`);
    return { kind: 'clause', field: first.text, operator, value: value() };
  };
  const and = (): Node => {
    let node = clause();
    while (upper(body[at]) === 'AND') { at++; node = { kind: 'and', left: node, right: clause() }; }
    return node;
  };
  function or(): Node {
    let node = and();
    while (upper(body[at]) === 'OR') { at++; node = { kind: 'or', left: node, right: and() }; }
    return node;
  }
  const tree = or();
  if (at < body.length) throw new WiqlError(`The query could not be parsed: unexpected '${body[at]!.text}' at character ${body[at]!.at + 1}.`);
  return tree;
}

/** Whether a work item's fields satisfy the tree; @project is `project`. */
export function wiqlMatches(node: Node | null, fields: Record<string, unknown>, project: string): boolean {
  if (!node) return true;
  if (node.kind !== 'clause') {
    return node.kind === 'and' ? wiqlMatches(node.left, fields, project) && wiqlMatches(node.right, fields, project) : wiqlMatches(node.left, fields, project) || wiqlMatches(node.right, fields, project);
  }
  const { field, operator, value } = node;
  const actual = String(fields[field] ?? '');
  const wanted = value === '@project' ? project : value;
  const contains = () => (field === 'System.Tags'
    ? actual.split('; ').some((tag) => tag.toLowerCase() === String(wanted).toLowerCase())
    : actual.toLowerCase().includes(String(wanted).toLowerCase()));
  const inList = () => Array.isArray(wanted) && wanted.some((entry) => entry.toLowerCase() === actual.toLowerCase());
  switch (operator) {
    case '=': return actual.toLowerCase() === String(wanted).toLowerCase();
    case '<>': return actual.toLowerCase() !== String(wanted).toLowerCase();
    case 'CONTAINS': return contains();
    case 'NOT CONTAINS': return !contains();
    case 'IN': return inList();
    default: return !inList();
  }
}
