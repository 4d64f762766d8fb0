/** Why the debug page's direct login is disabled (issue 33): the setting that turns it on. */
export const DEMO_LOGIN_OFF =
  "Direct login is off on this deployment. It signs in the demo account when the gateway runs with DEMO_LOGIN=true (never in production).";
