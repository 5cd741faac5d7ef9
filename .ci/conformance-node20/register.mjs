// Registers hooks.mjs; use as node --import ./register.mjs.
import { register } from "node:module";
register("./hooks.mjs", import.meta.url);
