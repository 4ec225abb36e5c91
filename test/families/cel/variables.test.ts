import { describe, expect, it } from 'vitest';
import { lazyVariables, type VariableProgram } from '../../../src/families/cel/variables.js';
import { createCelEnvironment, type CelProgram } from '../../../src/lang/cel/index.js';

const env = createCelEnvironment({ variables: { object: 'dyn', variables: 'dyn' } });

function program(expression: string): CelProgram {
  const compiled = env.compile(expression);
  if (!compiled.ok) throw new Error(compiled.error.message);
  return compiled.program;
}

/** A program that counts its evaluations. */
function counted(expression: string): { program: CelProgram; runs: () => number } {
  const inner = program(expression);
  let runs = 0;
  return {
    program: { ...inner, evaluate: (activation) => (runs++, inner.evaluate(activation)) },
    runs: () => runs,
  };
}

describe('lazy variables', () => {
  it('computes a variable on its first read only, and once', () => {
    const name = counted('object.metadata.name');
    const unused = counted('object.missing.field');
    const list: VariableProgram[] = [
      { name: 'name', program: name.program },
      { name: 'unused', program: unused.program },
    ];
    const activation: Record<string, unknown> = { object: { metadata: { name: 'web' } } };
    const variables = lazyVariables(list, activation);
    expect(name.runs()).toBe(0);
    expect(variables.name).toBe('web');
    expect(variables.name).toBe('web');
    expect(name.runs()).toBe(1);
    expect(unused.runs()).toBe(0);
    expect(Object.keys(variables)).toEqual(['name', 'unused']);
    // A new evaluation has its own state.
    expect(lazyVariables(list, { object: { metadata: { name: 'api' } } }).name).toBe('api');
    expect(name.runs()).toBe(2);
  });

  it('fails each read of a variable whose expression errs', () => {
    const variables = lazyVariables([{ name: 'bad', program: program('object.missing.field') }], { object: {} });
    expect(() => variables.bad).toThrow(/missing/);
    expect(() => variables.bad).toThrow(/missing/);
  });

  it('lets a variable read an earlier one, through the activation', () => {
    const list: VariableProgram[] = [
      { name: 'a', program: program('1 + 1') },
      { name: 'b', program: program('variables.a * 10') },
    ];
    const activation: Record<string, unknown> = {};
    activation.variables = lazyVariables(list, activation);
    expect((activation.variables as Record<string, unknown>).b).toBe(20n);
  });

  it('reports a variable that reads itself', () => {
    const activation: Record<string, unknown> = {};
    activation.variables = lazyVariables([{ name: 'loop', program: program('variables.loop + 1') }], activation);
    expect(() => (activation.variables as Record<string, unknown>).loop).toThrow(/variable loop refers to itself/);
  });
});
