import type { PolicyException } from '../policy/exception.js';
import type { RuleEnvironment } from './rule-environment.js';
export declare function exceptionConditionsHold(env: RuleEnvironment, exception: PolicyException): boolean;
