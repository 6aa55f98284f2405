import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as italian from '@zxcvbn-ts/language-it';

let estimator: ZxcvbnFactory | undefined;

/**
 * True for a password among the commonest or trivially guessed ones ('password', '12345678',
 * 'qwertyuiop', 'ciaociao', a repeated or keyboard pattern, an Italian or English dictionary word):
 * zxcvbn's score 0. The estimator (dictionaries of ~1 MB) is built on first use.
 */
export function isTriviallyGuessable(password: string): boolean {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...italian.dictionary },
    graphs: common.adjacencyGraphs,
  });
  return estimator.check(password).score === 0;
}
