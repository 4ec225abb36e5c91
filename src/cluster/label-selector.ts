/**
 * @file Kubernetes label selectors in their string form, as `labelSelector=` query parameters carry
 * them (k8s.io/apimachinery `labels.Parse`): comma-separated requirements `key`, `!key`,
 * `key=value`, `key==value`, `key!=value`, `key in (a,b)`, `key notin (a,b)`, `key>n`, `key<n`.
 * An empty selector matches everything.
 */

/** A parsed selector: tells whether a label set matches. */
export type LabelPredicate = (labels: Readonly<Record<string, string>>) => boolean;

/** A selector that does not parse; `message` follows the API server's wording. */
export class SelectorError extends Error {
  override readonly name = 'SelectorError';
}

type Token =
  | { type: 'identifier'; text: string }
  | { type: 'operator'; text: '!' | '=' | '==' | '!=' | '<' | '>' | '(' | ')' | ',' }
  | { type: 'in' | 'notin' };

const OPERATOR_CHARS = new Set(['!', '=', '<', '>', '(', ')', ',']);
const KEY = /^(?:[A-Za-z0-9](?:[-A-Za-z0-9.]*[A-Za-z0-9])?\/)?[A-Za-z0-9](?:[-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const VALUE = /^(?:[A-Za-z0-9](?:[-A-Za-z0-9_.]*[A-Za-z0-9])?)?$/;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i++;
    } else if (OPERATOR_CHARS.has(ch)) {
      const pair = text.slice(i, i + 2);
      if (pair === '!=' || pair === '==') {
        tokens.push({ type: 'operator', text: pair });
        i += 2;
      } else {
        tokens.push({ type: 'operator', text: ch as '!' });
        i++;
      }
    } else {
      let end = i;
      while (end < text.length && !/\s/.test(text[end]!) && !OPERATOR_CHARS.has(text[end]!)) end++;
      const word = text.slice(i, end);
      tokens.push(word === 'in' || word === 'notin' ? { type: word } : { type: 'identifier', text: word });
      i = end;
    }
  }
  return tokens;
}

function describe(token: Token | undefined): string {
  if (token === undefined) return '';
  return token.type === 'identifier' || token.type === 'operator' ? token.text : token.type;
}

class Parser {
  private at = 0;

  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }

  private next(): Token | undefined {
    return this.tokens[this.at++];
  }

  private key(): string {
    const token = this.next();
    if (token?.type !== 'identifier') throw new SelectorError(`unable to parse requirement: found '${describe(token)}', expected: identifier`);
    if (!KEY.test(token.text)) throw new SelectorError(`unable to parse requirement: invalid label key "${token.text}"`);
    return token.text;
  }

  private value(): string {
    const token = this.peek();
    if (token?.type !== 'identifier') return '';
    this.at++;
    if (!VALUE.test(token.text)) throw new SelectorError(`unable to parse requirement: invalid label value: "${token.text}"`);
    return token.text;
  }

  private valueSet(): Set<string> {
    const open = this.next();
    if (open?.type !== 'operator' || open.text !== '(') {
      throw new SelectorError(`unable to parse requirement: found '${describe(open)}', expected: '('`);
    }
    const values = new Set<string>();
    for (;;) {
      values.add(this.value());
      const token = this.next();
      if (token?.type === 'operator' && token.text === ')') return values;
      if (token?.type !== 'operator' || token.text !== ',') {
        throw new SelectorError(`unable to parse requirement: found '${describe(token)}', expected: ',' or ')'`);
      }
    }
  }

  private integer(key: string): number {
    const text = this.value();
    if (!/^-?\d+$/.test(text)) throw new SelectorError(`unable to parse requirement: for 'Gt', 'Lt' operators, the value must be an integer: ${key}`);
    return Number(text);
  }

  requirement(): LabelPredicate {
    const first = this.peek();
    if (first?.type === 'operator' && first.text === '!') {
      this.at++;
      const key = this.key();
      return (labels) => !Object.prototype.hasOwnProperty.call(labels, key);
    }
    const key = this.key();
    const has = (labels: Readonly<Record<string, string>>): boolean => Object.prototype.hasOwnProperty.call(labels, key);
    const op = this.peek();
    if (op === undefined || (op.type === 'operator' && op.text === ',')) return has;
    this.at++;
    if (op.type === 'in' || op.type === 'notin') {
      const values = this.valueSet();
      return op.type === 'in'
        ? (labels) => has(labels) && values.has(labels[key]!)
        : (labels) => !has(labels) || !values.has(labels[key]!);
    }
    if (op.type === 'operator') {
      switch (op.text) {
        case '=':
        case '==': {
          const value = this.value();
          return (labels) => has(labels) && labels[key] === value;
        }
        case '!=': {
          const value = this.value();
          return (labels) => !has(labels) || labels[key] !== value;
        }
        case '>':
        case '<': {
          const bound = this.integer(key);
          const greater = op.text === '>';
          return (labels) => {
            if (!has(labels) || !/^-?\d+$/.test(labels[key]!)) return false;
            const value = Number(labels[key]);
            return greater ? value > bound : value < bound;
          };
        }
      }
    }
    throw new SelectorError(`unable to parse requirement: found '${describe(op)}', expected: in, notin, =, ==, !=, gt, lt`);
  }

  selector(): LabelPredicate {
    const requirements: LabelPredicate[] = [];
    if (this.peek() === undefined) return () => true;
    for (;;) {
      requirements.push(this.requirement());
      const token = this.next();
      if (token === undefined) break;
      if (token.type !== 'operator' || token.text !== ',') {
        throw new SelectorError(`unable to parse requirement: found '${describe(token)}', expected: ','`);
      }
    }
    return (labels) => requirements.every((requirement) => requirement(labels));
  }
}

/** Parses a label selector; throws `SelectorError` for a malformed one. */
export function parseLabelSelector(text: string): LabelPredicate {
  return new Parser(tokenize(text)).selector();
}
