import { Browser } from '../support/browser.js';
import { contractProblem } from '../support/contract.js';

// Every answer the tests' browsers receive from the API is checked against the contract (@mzansi/api): a body the
// contract does not describe fails the request, and with it the test.
Browser.check = (method, path, res) => {
  if (!path.startsWith('/api')) return;
  const problem = contractProblem(method, path, res);
  if (problem) throw new Error(`contract: ${problem}`);
};
