/**
 * The plugin host: loads plugins of every kind (parser, extractor, tracker, bot) by the same rules — manifest
 * checked against the contract, the kind's functions present, the configuration and credentials schemas
 * compiled — hands each call its validated settings, and checks every answer at the boundary (boundary.ts,
 * parsing.ts). Built-in plugins are given to it by the composition root; it imports none itself.
 */
import { createRequire } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type {
  BotEvent, BotPlugin, BotState, Extraction, ExtractorPlugin, ParsedTranscript, ParserInput, ParserPlugin, Plugin, PluginKind, PluginManifest, PluginSettings,
  TrackerBudgets, TrackerHttp, TrackerItem, TrackerItemPreview, TrackerOAuth, TrackerPlugin, TrackerWebhookEvent, TrackerWebhookRequest,
} from '../../plugins/sdk/index.ts';
import { describeSchemaError } from '../../plugins/sdk/index.ts';
import { InvalidInput } from '../errors.ts';
import { createAjv, getValidator } from '../schema/registry.ts';
import {
  bindBot, bindExtractor, bindTracker, checkWebhookEvent, outputChecker, type BotHostHttp, type BoundBot, type BoundExtractor, type BoundTracker,
} from './boundary.ts';
import { describeContractErrors } from './contract-errors.ts';
import { withExtensions } from './upload-limits.ts';
import { ParseFailure } from './errors.ts';
import { importProblem } from './import-problem.ts';
import {
  firstLine, parseWithCandidates, prepareInput, rankParsers, transcriptChecker, type DetectionCandidate, type ParseRequest, type ParseResult,
  type TranscriptCheck,
} from './parsing.ts';
import { once } from '../once.ts';

export { LOW_CONFIDENCE, type DetectionCandidate, type ParseRequest, type ParseResult, type ParserFailure } from './parsing.ts';
export type { BotHostHttp, BoundBot, BoundExtractor, BoundTracker, WebhookVerdict } from './boundary.ts';
export { SEARCH_LIMIT, USER_SEARCH_LIMIT } from './boundary.ts';

/** The functions each kind of plugin must export. */
const KINDS: Record<PluginKind, readonly string[]> = {
  parser: ['detect', 'parse'],
  extractor: ['estimate', 'extract'],
  tracker: ['verify', 'create', 'findByMarker', 'link', 'resolveUser'],
  bot: ['create', 'cancel', 'status', 'transcript', 'verifyWebhook', 'parseWebhook'],
};

type PluginOfKind = { parser: ParserPlugin; extractor: ExtractorPlugin; tracker: TrackerPlugin; bot: BotPlugin };

export interface LoadedPlugin {
  manifest: PluginManifest;
  /** 'built-in', or the PLUGINS entry it came from. */
  origin: string;
}

export interface RefusedPlugin {
  /** The plugin's id when it had a readable one, else the PLUGINS entry. */
  plugin: string;
  /** The PLUGINS entry it came from ('built-in' for the composition root's). */
  origin: string;
  problem: string;
}

/**
 * A loaded plugin with its settings' validators, each compiled on first use: compiling every built-in's at
 * every start was a tenth of it. Every plugin's schemas are checked against JSON Schema's meta-schema as it loads,
 * and an installed plugin's are compiled then too (strict mode also refuses unknown keywords), so a plugin whose
 * schema is not valid JSON Schema is refused at once.
 */
interface Entry extends LoadedPlugin {
  plugin: Plugin;
  config: () => ValidateFunction;
  credentials: () => ValidateFunction;
  /** The credentials of a connection made by sign-in, when its oauth block declares their own schema. */
  signedIn?: () => ValidateFunction;
}


export interface LoadOptions {
  /** The built-in plugins (the composition root's list); none by default. */
  builtins?: readonly unknown[];
  /**
   * The built-ins' manifests and settings schemas are known good (the product's own, which its tests load with the
   * checks on): they are not checked again at each start, where compiling the manifest schema and JSON Schema's
   * meta-schema cost a tenth of it. Installed plugins (`specs`) are always checked.
   */
  builtinsChecked?: boolean;
  /** PLUGINS entries: package names or paths, resolved from `cwd`. */
  specs?: readonly string[];
  cwd?: string;
}

export class PluginHost {
  readonly #entries: Entry[] = [];
  readonly refused: RefusedPlugin[] = [];
  readonly #ajv = createAjv({ verbose: true });
  /** Settings are validated with their schema's defaults filled in. */
  readonly #settingsAjv = createAjv({ useDefaults: true });
  readonly #validateManifest = once((): ValidateFunction<PluginManifest> => getValidator(this.#ajv, 'plugin.schema.json'));
  readonly #transcriptCheck = once((): TranscriptCheck => transcriptChecker(getValidator<ParsedTranscript>(this.#ajv, 'transcript.schema.json')));
  readonly #checkTranscript: TranscriptCheck = (...args) => this.#transcriptCheck()(...args);
  readonly #check = outputChecker(this.#ajv);
  readonly #checkExtraction = this.#check<Extraction>('extraction.schema.json', 'extraction');
  readonly #checkItem = this.#check<TrackerItem>('tracker-item.schema.json', 'tracker item');
  readonly #checkPreview = this.#check<TrackerItemPreview>('tracker-item-preview.schema.json', 'item preview');
  readonly #checkState = this.#check<BotState>('bot-state.schema.json', 'bot state');
  readonly #checkEvent = this.#check<BotEvent>('bot-event.schema.json', 'bot event');

  private constructor() {}

  /** The given built-ins plus the PLUGINS entries. A bad plugin is refused with a message naming it; the others keep working. */
  static async load(options: LoadOptions = {}): Promise<PluginHost> {
    const host = new PluginHost();
    for (const plugin of options.builtins ?? []) host.#register(plugin, 'built-in', options.builtinsChecked);
    for (const spec of options.specs ?? []) {
      const cwd = options.cwd ?? process.cwd();
      const url = resolveSpec(spec, cwd);
      let module: Record<string, unknown>;
      try {
        module = (await import(url)) as Record<string, unknown>;
      } catch (error) {
        host.refused.push({ plugin: spec, origin: spec, problem: `could not be imported: ${importProblem(error, url, cwd)}` });
        continue;
      }
      // A module without a default export may still be one plugin written as named exports (manifest, detect, ...).
      if (module['default'] === undefined && module['manifest'] === undefined) {
        const names = Object.keys(module);
        host.refused.push({
          plugin: spec, origin: spec,
          problem: `has no default export: export the plugin (or an array of plugins) as the module's default, as in 'export default myPlugin'${names.length ? ` (it exports only ${names.join(', ')})` : ''}`,
        });
        continue;
      }
      const exported = module['default'] ?? module;
      const plugins = Array.isArray(exported) ? exported : [exported];
      if (!plugins.length) host.refused.push({ plugin: spec, origin: spec, problem: 'exports no plugin: its default export is an empty array' });
      for (const plugin of plugins) host.#register(plugin, spec);
    }
    return host;
  }

  #register(candidate: unknown, origin: string, checked = false): void {
    const manifest = (candidate as { manifest?: unknown } | null)?.manifest;
    const id = (manifest as { id?: unknown } | undefined)?.id;
    const refuse = (problem: string): void => void this.refused.push({ plugin: typeof id === 'string' && id ? id : origin, origin, problem });
    if (typeof candidate !== 'object' || candidate === null) {
      return refuse(`is not a plugin: the export is ${candidate === null ? 'null' : typeof candidate}, not an object with a manifest`);
    }
    if (manifest === undefined) return refuse('has no manifest: a plugin is an object with a manifest and the functions of its kind');
    if (!checked && !this.#validateManifest()(manifest)) return refuse(`has an invalid manifest: ${manifestProblems(this.#validateManifest().errors ?? [])}`);
    return this.#add(candidate, manifest as PluginManifest, origin, checked, refuse);
  }

  #add(candidate: object, manifest: PluginManifest, origin: string, checked: boolean, refuse: (problem: string) => void): void {
    const missing = KINDS[manifest.kind].filter((fn) => typeof (candidate as Record<string, unknown>)[fn] !== 'function');
    if (missing.length) {
      return refuse(`does not export ${missing.map((fn) => `${fn}()`).join(', ')}: a ${manifest.kind} plugin has the functions ${KINDS[manifest.kind].join(', ')}`);
    }
    if (manifest.kind === 'tracker' && !validOAuth((candidate as { oauth?: unknown }).oauth)) {
      return refuse('has an oauth block without a provider, absolute authorize and token endpoints, scopes and a credentials() function');
    }
    if (manifest.kind === 'tracker') {
      const problem = statusFollowingProblem(candidate as Record<string, unknown>);
      if (problem) return refuse(problem);
    }
    if (this.#entries.some((entry) => entry.manifest.id === manifest.id)) {
      return refuse(`uses the id '${manifest.id}', which another plugin already has`);
    }
    // A checked built-in's schemas compile without being checked against the meta-schema again (compiling that
    // alone took a tenth of a start).
    const compile = (schema: object) => once(() => (checked ? compileChecked(this.#settingsAjv, schema) : this.#settingsAjv.compile(schema)));
    const config = compile(manifest.configSchema ?? { type: 'object' });
    const credentials = compile(manifest.credentialsSchema ?? { type: 'object' });
    const oauthSchema = (candidate as { oauth?: TrackerOAuth }).oauth?.credentialsSchema;
    const signedIn = oauthSchema && compile(oauthSchema);
    try {
      for (const schema of checked ? [] : [manifest.configSchema, manifest.credentialsSchema, oauthSchema]) {
        if (schema && !this.#settingsAjv.validateSchema(schema)) throw new Error(this.#settingsAjv.errorsText(this.#settingsAjv.errors));
      }
      if (origin !== 'built-in') for (const validator of [config, credentials, signedIn]) validator?.();
    } catch (error) {
      return refuse(`has a configuration or credentials schema that is not valid JSON Schema: ${firstLine(error)}`);
    }
    this.#entries.push({ plugin: candidate as Plugin, manifest, origin, config, credentials, ...(signedIn ? { signedIn } : {}) });
  }

  /** The loaded plugins, kind by kind (parsers, extractors, trackers, bots), each kind in load order. */
  list(): LoadedPlugin[] {
    const kinds = Object.keys(KINDS);
    return this.#entries
      .map(({ manifest, origin }, order) => ({ manifest, origin, order }))
      .sort((a, b) => kinds.indexOf(a.manifest.kind) - kinds.indexOf(b.manifest.kind) || a.order - b.order)
      .map(({ manifest, origin }) => ({ manifest, origin }));
  }

  #find<K extends PluginKind>(kind: K, id: string): (Entry & { plugin: PluginOfKind[K] }) | undefined {
    return this.#entries.find((entry) => entry.manifest.kind === kind && entry.manifest.id === id) as
      | (Entry & { plugin: PluginOfKind[K] })
      | undefined;
  }

  #plugins<K extends PluginKind>(kind: K): PluginOfKind[K][] {
    return this.#entries.filter((entry) => entry.manifest.kind === kind).map((entry) => entry.plugin as PluginOfKind[K]);
  }

  /**
   * A plugin's settings checked against its manifest's schemas, with their defaults filled in. Throws
   * InvalidInput naming the plugin and the setting (never echoing a credential's value).
   */
  settings(id: string, raw: Partial<PluginSettings> = {}): PluginSettings {
    const entry = this.#entries.find((candidate) => candidate.manifest.id === id);
    if (!entry) throw new InvalidInput(`There is no plugin '${id}'.`);
    const settings = { config: structuredClone(raw.config ?? {}), credentials: structuredClone(raw.credentials ?? {}) };
    for (const part of ['config', 'credentials'] as const) {
      const validate = entry[part]();
      // A connection made by sign-in carries the credentials its oauth block declares (see signedInCredentials).
      if (part === 'credentials' && entry.signedIn?.()(settings.credentials)) continue;
      if (!validate(settings[part])) {
        const error = validate.errors![0]!;
        const problem = describeSchemaError({ ...error, instancePath: `/${part}${error.instancePath}` }, { subject: 'settings' });
        throw new InvalidInput(`The ${id} plugin's settings are invalid: ${problem}.`);
      }
    }
    return settings;
  }

  parser(id: string): ParserPlugin | undefined {
    return this.#find('parser', id)?.plugin;
  }

  /** The extractor with its settings bound and its answers checked; undefined when none has that id. */
  extractor(id: string, settings: Partial<PluginSettings> = {}): BoundExtractor | undefined {
    const entry = this.#find('extractor', id);
    return entry && bindExtractor(entry.plugin, this.settings(id, settings), this.#checkExtraction);
  }

  /**
   * The tracker with a connection's settings, the HTTP client its requests go through (the outbound guard) and the
   * request budgets shared by the host's processes.
   */
  tracker(id: string, settings: Partial<PluginSettings>, http: TrackerHttp, budgets?: TrackerBudgets): BoundTracker | undefined {
    const entry = this.#find('tracker', id);
    return entry && bindTracker(entry.plugin, this.settings(id, settings), { http, ...(budgets ? { budgets } : {}) }, { item: this.#checkItem, preview: this.#checkPreview });
  }

  /** Whether the tracker plugin offers a search of its users (its optional searchUsers()). */
  offersUserSearch(id: string): boolean {
    return typeof this.#find('tracker', id)?.plugin.searchUsers === 'function';
  }

  /**
   * How far a tracker follows its items' status (its optional itemStatus(), setStatus() and webhook): all false for a
   * tracker that has none of them, or for no such tracker.
   */
  statusSupport(id: string): { itemStatus: boolean; setStatus: boolean; webhook: boolean } {
    const plugin = this.#find('tracker', id)?.plugin;
    return { itemStatus: typeof plugin?.itemStatus === 'function', setStatus: typeof plugin?.setStatus === 'function', webhook: plugin?.webhook !== undefined };
  }

  /** Whether the tracker plugin shows what it would create before a push (its optional preview()). */
  offersPreview(id: string): boolean {
    return typeof this.#find('tracker', id)?.plugin.preview === 'function';
  }

  /** Whether the tracker finds its open items like a ticket (its optional search()) and comments on them (comment()). */
  searchSupport(id: string): { search: boolean; comment: boolean } {
    const plugin = this.#find('tracker', id)?.plugin;
    return { search: typeof plugin?.search === 'function', comment: typeof plugin?.comment === 'function' };
  }

  /** What the tracker's webhook asks the user to register, in words; undefined when it takes no webhooks. */
  webhookInstructions(id: string): string | undefined {
    return this.#find('tracker', id)?.plugin.webhook?.instructions;
  }

  /** What a delivery the tracker's webhook refused is answered, when the plugin words it (TrackerWebhook.refused). */
  webhookRefusal(id: string): string | undefined {
    const refused = this.#find('tracker', id)?.plugin.webhook?.refused;
    return typeof refused === 'string' && refused.trim() ? refused : undefined;
  }

  /**
   * Whether a delivery to the tracker's webhook was signed with `secret`. Never throws: a plugin that throws or answers
   * anything but true has refused it, as has a tracker that takes no webhooks.
   */
  verifyTrackerWebhook(id: string, request: TrackerWebhookRequest, secret: string): boolean {
    const webhook = this.#find('tracker', id)?.plugin.webhook;
    try {
      return webhook?.verify(request, secret) === true;
    } catch {
      return false;
    }
  }

  /**
   * A verified delivery as the tracker's event, checked; null when it changes no status. Throws InvalidInput, in words,
   * for a body the plugin cannot read, and PluginOutputError for an answer the contract does not allow.
   */
  parseTrackerWebhook(id: string, delivery: { headers: Record<string, string>; body: unknown }, settings: Partial<PluginSettings>): TrackerWebhookEvent | null {
    const entry = this.#find('tracker', id);
    if (!entry?.plugin.webhook) return null;
    let value: unknown;
    try {
      value = entry.plugin.webhook.parse(delivery, { settings: this.settings(id, settings) });
    } catch (error) {
      if (error instanceof InvalidInput) throw error;
      throw new InvalidInput(`The ${entry.manifest.name} webhook delivery could not be read: ${error instanceof Error ? error.message : String(error)}.`);
    }
    return checkWebhookEvent(id, value);
  }

  /** Whether credentials are those of a connection made by sign-in, by the schema the tracker's oauth block declares. */
  signedInCredentials(id: string, credentials: Record<string, unknown>): boolean {
    return this.#find('tracker', id)?.signedIn?.()(credentials) === true;
  }

  /** The tracker's "Connect with …" declaration, when it has one. */
  trackerOAuth(id: string): TrackerOAuth | undefined {
    return this.#find('tracker', id)?.plugin.oauth;
  }

  /** The bot with the meeting-bot settings and the HTTP client its requests go through (the outbound guard). */
  bot(id: string, settings: Partial<PluginSettings>, http: BotHostHttp): BoundBot | undefined {
    const entry = this.#find('bot', id);
    const transcript = (plugin: string, output: Parameters<TranscriptCheck>[1]) => this.#checkTranscript(plugin, output, plugin);
    return entry && bindBot(entry.plugin, this.settings(id, settings), http, { state: this.#checkState, event: this.#checkEvent, transcript });
  }

  /** Every parser's score for the input, best first; the extension breaks ties only. */
  detect(input: ParserInput): DetectionCandidate[] {
    return rankParsers(this.#plugins('parser'), input);
  }

  /** Checks the upload rules, decodes the bytes and returns the input every parser sees. */
  prepare(request: ParseRequest): ParserInput {
    return prepareInput(request, this.acceptedExtensions());
  }

  /** The file extensions uploads may have: the built-in list and every loaded parser's `extensions`. */
  acceptedExtensions(): string[] {
    return withExtensions(this.#entries.flatMap((entry) => (entry.manifest.kind === 'parser' ? entry.manifest.extensions ?? [] : [])));
  }

  /** Parses a file with the parser that recognises it best (or the one `format` names), falling back to the next. */
  parse(request: ParseRequest, options: { format?: string } = {}): ParseResult {
    const input = this.prepare(request);
    const ranked = this.detect(input);
    const candidates = options.format ? ranked.filter((c) => c.format === options.format) : ranked.filter((c) => c.confidence > 0);
    if (!candidates.length) {
      throw new ParseFailure(
        'unsupported',
        options.format
          ? `There is no parser '${options.format}'.`
          : 'The file does not look like any transcript format Tickscribe reads (see the supported formats in Help).',
      );
    }
    return parseWithCandidates(candidates, input, (id) => this.parser(id)!, this.#checkTranscript);
  }
}

/** A PLUGINS entry as an importable URL: a file, a package folder, or a package name, resolved from `cwd`. */
function resolveSpec(spec: string, cwd: string): string {
  // A path is the file or folder it names from `cwd`, found or not (a missing one is then named in full).
  const fromCwd = resolve(cwd, spec);
  try {
    return pathToFileURL(createRequire(join(cwd, 'noop.js')).resolve(spec)).href;
  } catch {
    // ESM-only packages may not resolve through require(); let import() try.
    return /^\.{1,2}[\\/]|^\//.test(spec) || isAbsolute(spec) ? pathToFileURL(fromCwd).href : spec;
  }
}

/**
 * What is wrong with a tracker's optional members (status following, search, comment, preview), in words, or undefined: each one present
 * must be what the contract says (functions; a webhook with verify(), parse() and its instructions), so none fails only when called.
 */
function statusFollowingProblem(candidate: Record<string, unknown>): string | undefined {
  const notFunctions = ['itemStatus', 'setStatus', 'search', 'comment', 'preview'].filter((name) => candidate[name] !== undefined && typeof candidate[name] !== 'function');
  if (notFunctions.length) return `has ${notFunctions.join(' and ')} that ${notFunctions.length > 1 ? 'are not functions' : 'is not a function'}`;
  const webhook = candidate['webhook'] as Record<string, unknown> | undefined;
  if (webhook === undefined) return undefined;
  const whole = typeof webhook === 'object' && webhook !== null && typeof webhook['verify'] === 'function' && typeof webhook['parse'] === 'function'
    && typeof webhook['instructions'] === 'string' && webhook['instructions'].trim() !== '';
  if (!whole) return 'has a webhook block without verify() and parse() functions and its instructions in words';
  const refused = webhook['refused'];
  return refused === undefined || (typeof refused === 'string' && refused.trim() !== '') ? undefined : 'has a webhook refusal that is not in words';
}

/** An oauth block the host can run: absent, or with what the flow needs (types are not checked at run time otherwise). */
function validOAuth(oauth: unknown): boolean {
  if (oauth === undefined) return true;
  const block = oauth as Partial<Record<keyof TrackerOAuth, unknown>> | null;
  const endpoints = (block?.endpoints ?? {}) as Record<string, unknown>;
  const absolute = (url: unknown) => typeof url === 'string' && URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);
  return typeof block === 'object' && block !== null && typeof block.provider === 'string' && block.provider.trim() !== ''
    && Object.values(endpoints).every(absolute) && absolute(endpoints['authorize']) && absolute(endpoints['token'])
    && Array.isArray(block.scopes) && block.scopes.every((scope) => typeof scope === 'string')
    && typeof block.credentials === 'function' && (block.revoke === undefined || typeof block.revoke === 'function');
}

/**
 * Every problem of a manifest in the contract's words. An apiVersion other than the one this host runs says which
 * one that is, since the number alone does not tell an author what to change.
 */
function manifestProblems(errors: readonly ErrorObject[]): string {
  return errors
    .map((error) => {
      if (error.keyword === 'const' && error.instancePath === '/apiVersion') {
        const supported = JSON.stringify((error.params as { allowedValue?: unknown }).allowedValue);
        return `apiVersion is ${JSON.stringify(error.data)}, but this Tickscribe runs plugins written for plugin API version ${supported}: set apiVersion to ${supported} and build the plugin against that version of the plugin SDK`;
      }
      return describeContractErrors([error], 'manifest');
    })
    .filter((line, index, lines) => lines.indexOf(line) === index)
    .join('; ');
}

let checkedSchemas = 0;

/** Compiles a schema known to be valid JSON Schema, skipping Ajv's check of it against the meta-schema. */
function compileChecked(ajv: Ajv2020, schema: object): ValidateFunction {
  const key = `checked-settings-${++checkedSchemas}`;
  ajv.addSchema(schema, key, undefined, false);
  return ajv.getSchema(key)!;
}
