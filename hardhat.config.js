// Hardhat 3 refuses to start without a config file in the package root. The service does not use
// Hardhat; the payment tests start its in-process EDR chain (test/helpers/chain.ts) with defaults.
export default {};
