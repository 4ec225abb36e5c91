/**
 * @file The go-jmespath Pratt parser (original grammar, as forked by Kyverno), ported so that the
 * same expressions compile and the same ones fail with the same texts: `SyntaxError: Expected
 * tRbracket, received: tComma`, `SyntaxError: Invalid token: tNumber`, JSON literal errors from
 * Go's decoder, and the quirks (optional commas between function arguments, `{a: b c: d}`,
 * `[:::]`, `[0` parsing to an empty node). Expressions nested deeper than `MAX_NESTING` are rejected.
 */
import { goJsonParse } from '../../util/go-json.js';
import { childrenOf, type AstNode, type ComparatorOp } from './ast.js';
import { JmesPathError, MAX_NESTING, nestingError, syntaxError } from './errors.js';
import { type TokType, type Token, tokenize } from './lexer.js';
import { goTypeName } from './values.js';

const BINDING_POWER: Partial<Record<TokType, number>> = {
  tPipe: 1,
  tOr: 2,
  tAnd: 3,
  tEQ: 5,
  tLT: 5,
  tLTE: 5,
  tGT: 5,
  tGTE: 5,
  tNE: 5,
  tFlatten: 9,
  tStar: 20,
  tFilter: 21,
  tDot: 40,
  tNot: 45,
  tLbrace: 50,
  tLbracket: 55,
  tLparen: 60,
};

const bp = (t: TokType): number => BINDING_POWER[t] ?? 0;

const IDENTITY: AstNode = { type: 'Identity' };
const EMPTY: AstNode = { type: 'Empty' };

const MAX_GO_INT = 9223372036854775807n;
const MIN_GO_INT = -9223372036854775808n;

/** Go `strconv.Atoi`. */
function atoi(text: string): number {
  if (!/^[+-]?\d+$/.test(text)) throw new JmesPathError('syntax', `strconv.Atoi: parsing "${text}": invalid syntax`);
  const big = BigInt(text);
  if (big > MAX_GO_INT || big < MIN_GO_INT) {
    throw new JmesPathError('syntax', `strconv.Atoi: parsing "${text}": value out of range`);
  }
  return Number(big);
}

/** Freezes a decoded literal so that cached ASTs cannot be altered through query results. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** How deeply the arrays and objects of a JSON literal nest (its text scanned, strings skipped). */
function literalDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') deepest = Math.max(deepest, ++depth);
    else if (c === ']' || c === '}') depth--;
  }
  return deepest;
}

/** The depth of an AST (a leaf is 1), walked without recursion. */
function astDepth(root: AstNode): number {
  let deepest = 0;
  const stack: [AstNode, number][] = [[root, 1]];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const [node, depth] = entry;
    deepest = Math.max(deepest, depth);
    for (const child of childrenOf(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

class Parser {
  private index = 0;
  /** Calls of `expression` in progress: every recursion of the parser goes through it. */
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): AstNode {
    const node = this.expression(0);
    if (this.current() !== 'tEOF') {
      throw syntaxError(`Unexpected token at the end of the expression: ${this.current()}`);
    }
    return node;
  }

  private current(): TokType {
    return this.tokens[this.index]!.type;
  }

  private lookahead(n: number): TokType {
    return this.tokens[this.index + n]?.type ?? 'tEOF';
  }

  private advance(): void {
    this.index++;
  }

  private match(type: TokType): void {
    if (this.current() !== type) throw syntaxError(`Expected ${type}, received: ${this.current()}`);
    this.advance();
  }

  private expression(bindingPower: number): AstNode {
    if (++this.depth > MAX_NESTING) throw nestingError();
    const token = this.tokens[this.index]!;
    this.advance();
    let left = this.nud(token);
    let current = this.current();
    while (bindingPower < bp(current)) {
      this.advance();
      left = this.led(current, left);
      current = this.current();
    }
    this.depth--;
    return left;
  }

  private nud(token: Token): AstNode {
    switch (token.type) {
      case 'tJSONLiteral': {
        // Decoding and freezing recurse per level of the literal.
        if (literalDepth(token.value) > MAX_NESTING) throw nestingError();
        let value: unknown;
        try {
          value = goJsonParse(token.value);
        } catch (err) {
          throw new JmesPathError('syntax', (err as Error).message);
        }
        return { type: 'Literal', value: deepFreeze(value) };
      }
      case 'tStringLiteral':
        return { type: 'Literal', value: token.value };
      case 'tUnquotedIdentifier':
        return { type: 'Field', name: token.value };
      case 'tQuotedIdentifier':
        if (this.current() === 'tLparen') throw syntaxError("Can't have quoted identifier as function Name.");
        return { type: 'Field', name: token.value };
      case 'tStar': {
        const right = this.current() === 'tRbracket' ? IDENTITY : this.projectionRHS(bp('tStar'));
        return { type: 'ValueProjection', left: IDENTITY, right };
      }
      case 'tFilter':
        return this.filter(IDENTITY);
      case 'tLbrace':
        return this.multiSelectHash();
      case 'tFlatten': {
        const right = this.projectionRHS(bp('tFlatten'));
        return { type: 'Projection', left: { type: 'Flatten', child: IDENTITY }, right };
      }
      case 'tLbracket': {
        const next = this.current();
        if (next === 'tNumber' || next === 'tColon') {
          let right: AstNode;
          try {
            right = this.indexExpression();
          } catch (err) {
            if (err instanceof JmesPathError) return EMPTY;
            throw err;
          }
          return this.projectIfSlice(IDENTITY, right);
        }
        if (next === 'tStar' && this.lookahead(1) === 'tRbracket') {
          this.advance();
          this.advance();
          return { type: 'Projection', left: IDENTITY, right: this.projectionRHS(bp('tStar')) };
        }
        return this.multiSelectList();
      }
      case 'tCurrent':
        return { type: 'Current' };
      case 'tExpref':
        return { type: 'ExpRef', child: this.expression(bp('tExpref')) };
      case 'tNot':
        return { type: 'Not', child: this.expression(bp('tNot')) };
      case 'tLparen': {
        const inner = this.expression(0);
        this.match('tRparen');
        return inner;
      }
      case 'tEOF':
        throw syntaxError('Incomplete expression');
      default:
        throw syntaxError(`Invalid token: ${token.type}`);
    }
  }

  private led(type: TokType, left: AstNode): AstNode {
    switch (type) {
      case 'tDot': {
        if (this.current() !== 'tStar') {
          return { type: 'Subexpression', left, right: this.dotRHS(bp('tDot')) };
        }
        this.advance();
        return { type: 'ValueProjection', left, right: this.projectionRHS(bp('tDot')) };
      }
      case 'tPipe':
        return { type: 'Pipe', left, right: this.expression(bp('tPipe')) };
      case 'tOr':
        return { type: 'Or', left, right: this.expression(bp('tOr')) };
      case 'tAnd':
        return { type: 'And', left, right: this.expression(bp('tAnd')) };
      case 'tLparen': {
        const args: AstNode[] = [];
        while (this.current() !== 'tRparen') {
          args.push(this.expression(0));
          if (this.current() === 'tComma') this.match('tComma');
        }
        this.match('tRparen');
        return { type: 'Function', ...functionName(left), args };
      }
      case 'tFilter':
        return this.filter(left);
      case 'tFlatten':
        return {
          type: 'Projection',
          left: { type: 'Flatten', child: left },
          right: this.projectionRHS(bp('tFlatten')),
        };
      case 'tEQ':
      case 'tNE':
      case 'tGT':
      case 'tGTE':
      case 'tLT':
      case 'tLTE':
        return { type: 'Comparator', op: type as ComparatorOp, left, right: this.expression(bp(type)) };
      case 'tLbracket': {
        const next = this.current();
        if (next === 'tNumber' || next === 'tColon') return this.projectIfSlice(left, this.indexExpression());
        this.match('tStar');
        this.match('tRbracket');
        return { type: 'Projection', left, right: this.projectionRHS(bp('tStar')) };
      }
      default:
        throw syntaxError(`Unexpected token: ${type}`);
    }
  }

  private indexExpression(): AstNode {
    if (this.lookahead(0) === 'tColon' || this.lookahead(1) === 'tColon') return this.sliceExpression();
    const index = atoi(this.tokens[this.index]!.value);
    this.advance();
    this.match('tRbracket');
    return { type: 'Index', index };
  }

  private sliceExpression(): AstNode {
    const parts: (number | null)[] = [null, null, null];
    let i = 0;
    let current = this.current();
    while (current !== 'tRbracket' && i < 3) {
      if (current === 'tColon') {
        i++;
        this.advance();
      } else if (current === 'tNumber') {
        parts[i] = atoi(this.tokens[this.index]!.value);
        this.advance();
      } else {
        throw syntaxError(`Expected tColon or tNumber, received: ${current}`);
      }
      current = this.current();
    }
    this.match('tRbracket');
    return { type: 'Slice', start: parts[0]!, stop: parts[1]!, step: parts[2]! };
  }

  private projectIfSlice(left: AstNode, right: AstNode): AstNode {
    const indexExpr: AstNode = { type: 'IndexExpression', left, right };
    if (right.type !== 'Slice') return indexExpr;
    return { type: 'Projection', left: indexExpr, right: this.projectionRHS(bp('tStar')) };
  }

  private filter(left: AstNode): AstNode {
    const condition = this.expression(0);
    this.match('tRbracket');
    const right = this.current() === 'tFlatten' ? IDENTITY : this.projectionRHS(bp('tFilter'));
    return { type: 'FilterProjection', left, right, condition };
  }

  private multiSelectList(): AstNode {
    const children: AstNode[] = [];
    for (;;) {
      children.push(this.expression(0));
      if (this.current() === 'tRbracket') break;
      this.match('tComma');
    }
    this.match('tRbracket');
    return { type: 'MultiSelectList', children };
  }

  private multiSelectHash(): AstNode {
    const pairs: { key: string; value: AstNode }[] = [];
    for (;;) {
      const keyToken = this.tokens[this.index]!;
      if (keyToken.type !== 'tUnquotedIdentifier' && keyToken.type !== 'tQuotedIdentifier') {
        throw syntaxError('Expected tQuotedIdentifier or tUnquotedIdentifier');
      }
      this.advance();
      this.match('tColon');
      pairs.push({ key: keyToken.value, value: this.expression(0) });
      if (this.current() === 'tComma') {
        this.advance();
      } else if (this.current() === 'tRbrace') {
        this.advance();
        break;
      }
    }
    return { type: 'MultiSelectHash', pairs };
  }

  private dotRHS(bindingPower: number): AstNode {
    const current = this.current();
    if (current === 'tQuotedIdentifier' || current === 'tUnquotedIdentifier' || current === 'tStar') {
      return this.expression(bindingPower);
    }
    if (current === 'tLbracket') {
      this.advance();
      return this.multiSelectList();
    }
    if (current === 'tLbrace') {
      this.advance();
      return this.multiSelectHash();
    }
    throw syntaxError('Expected identifier, lbracket, or lbrace');
  }

  private projectionRHS(bindingPower: number): AstNode {
    const current = this.current();
    if (bp(current) < 10) return IDENTITY;
    if (current === 'tLbracket' || current === 'tFilter') return this.expression(bindingPower);
    if (current === 'tDot') {
      this.advance();
      return this.dotRHS(bindingPower);
    }
    throw syntaxError('Error');
  }
}

/** go-jmespath takes the function name from the `value` of the node before `(`. */
function functionName(left: AstNode): { name: string | null; nameGoType: string } {
  switch (left.type) {
    case 'Field':
      return { name: left.name, nameGoType: 'string' };
    case 'Literal':
      return typeof left.value === 'string'
        ? { name: left.value, nameGoType: 'string' }
        : { name: null, nameGoType: goTypeName(left.value) };
    case 'Comparator':
      return { name: null, nameGoType: 'jmespath.tokType' };
    case 'Index':
      return { name: null, nameGoType: 'int' };
    case 'Slice':
      return { name: null, nameGoType: '[]*int' };
    case 'Function':
      return { name: left.name, nameGoType: left.nameGoType };
    default:
      return { name: null, nameGoType: 'nil' };
  }
}

/** Parses an expression into an AST. Throws `JmesPathError` (`syntax`) with go-jmespath's text. */
export function parseJmesPath(expression: string): AstNode {
  const ast = new Parser(tokenize(expression)).parse();
  // Left-nested chains (`a.b.c…`, `a[0][0]…`, `a || b || …`) are built by a loop, not by recursion: their
  // depth is checked on the tree, which the evaluator walks recursively.
  if (astDepth(ast) > MAX_NESTING) throw nestingError();
  return ast;
}
