import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

/**
 * The layers, and what each may not import (docs/architecture.md): arrows point from server/ down to schemas/,
 * never back up. `from` is what the `target` folder must not import.
 */
const LAYERS = [
  { target: './core', from: ['./server', './api', './workflows', './web'], why: 'core imports only schemas, migrations and the plugin SDK' },
  { target: './core', from: './plugins', except: ['./sdk'], why: 'core imports only schemas and the plugin SDK' },
  { target: './plugins/!(sdk)/**', from: ['./server/**', './core/**', './api/**', './workflows/**', './web/**', './schemas/**', './migrations/**'], why: 'plugins import only the plugin SDK and libraries' },
  { target: './plugins/sdk', from: ['./server/**', './core/**', './api/**', './workflows/**', './web/**', './schemas/**', './migrations/**', './plugins/!(sdk)/**'], why: 'the plugin SDK stands alone' },
  { target: './workflows', from: ['./server/**', './api/**', './web/**', './migrations/**', './plugins/!(sdk)/**'], why: 'workflows import core (activities), schemas and the SDK' },
  { target: './api', from: ['./server/**', './web/**', './migrations/**', './plugins/!(sdk)/**'], why: 'api imports core, schemas and the workflow client' },
  { target: './api', from: ['./workflows'], except: ['./client.ts'], why: 'api starts workflows through workflows/client.ts only' },
  { target: './web', from: ['./server', './core', './api', './workflows', './migrations', './plugins', './tests'], why: 'the web app imports its own code and the shared schemas and types' },
  { target: './schemas', from: ['./server', './core', './api', './workflows', './web', './migrations', './plugins'], why: 'schemas import nothing' },
  { target: './migrations', from: ['./server', './api', './workflows', './web', './plugins'], why: 'migrations stand on their own' },
];

/**
 * Core's inside, bottom first (docs/architecture.md): a folder imports from the tiers below its own, never from its
 * own tier or above. The entities (`*.entity.ts`, in the folder of their domain) sit under every folder, importing
 * only one another and the files at core's root (config, errors, ids, logger), which import only schema/ (the JSON
 * Schema registry the configuration is checked with).
 */
const CORE_TIERS = [
  ['schema'],
  ['db'],
  ['net', 'security', 'mail', 'temporal'],
  ['users', 'plugins'],
  ['credits', 'oauth', 'tickets', 'workspaces'],
  ['connections', 'transcripts', 'billing'],
  ['bots', 'push'],
];
const CORE_FOLDERS = CORE_TIERS.flat();
const ENTITY = '**/*.entity.ts';
const coreFolder = (folder) => `./core/${folder}/**`;

const CORE_LAYERS = [
  { target: './core/*.ts', from: CORE_FOLDERS.filter((folder) => folder !== 'schema').map(coreFolder), why: "core's root files (config, errors, logger) import only schema/ of core's folders" },
  { target: `./core/${ENTITY}`, from: CORE_FOLDERS.map(coreFolder), except: [ENTITY], why: 'entities import only other entities and the files at core\'s root' },
  ...CORE_TIERS.flatMap((tier, index) => tier.map((folder) => ({
    target: coreFolder(folder),
    from: CORE_TIERS.slice(index).flat().filter((other) => other !== folder).map(coreFolder),
    except: [ENTITY],
    why: `inside core, ${folder}/ imports only ${CORE_TIERS.slice(0, index).flat().map((below) => `${below}/`).join(', ') || 'the entities'}${index ? ', the entities' : ''} and core's root files`,
  }))),
];

/**
 * SQL text outside the data layer (core/db): refused whether or not it holds values. A query is built with db(em)
 * (core/db/sql.ts), its values as parameters; the SQL the code needs beyond the builder (Kysely's `sql` tag, whose
 * values are parameters) is written there. Refused: SQL text handed to a SQL callee (`execute`, `raw`, `query`,
 * `unsafe`) as a string or template, any template with values handed to one, strings joined with + or `concat` for one, the ORM connection's `execute`, the
 * pg pool (`getNativeClient`, `new pg.Pool`), and Kysely's escapes from parameters (`sql.raw`, `sql.lit`).
 */
const SQL_CALLEES = 'callee.property.name=/^(execute|raw|query|unsafe)$/';
/** How SQL text starts (a Temporal query's name, `handle.query('pushProgress')`, does not). */
const SQL_START = '/^\\s*\\(?\\s*(select|insert|update|delete|with|values|table|begin|start|commit|rollback|savepoint|release|set|reset|show|lock|create|alter|drop|truncate|grant|revoke|comment|call|do|copy|explain|analyze|vacuum|prepare|execute|deallocate|declare|fetch|close|listen|notify|unlisten|discard|checkpoint|refresh|reindex|cluster)\\b/i';
const SQL_FUNCTIONS = 'callee.name=/^(execute|raw|query)$/';
const SQL_TEXT_MESSAGE = 'SQL text is never written outside core/db: build the query with db(em) (core/db/sql.ts), its values as parameters.';
const SQL_TEXT_RULES = [
  ...[SQL_CALLEES, SQL_FUNCTIONS].flatMap((callee) => [
    `CallExpression[${callee}][arguments.0.type='Literal'][arguments.0.value=${SQL_START}]`,
    `CallExpression[${callee}][arguments.0.type='TemplateLiteral'][arguments.0.quasis.0.value.raw=${SQL_START}]`,
    `CallExpression[${callee}] > TemplateLiteral[expressions.length>0]`,
    `CallExpression[${callee}] > BinaryExpression[operator='+']`,
  ]),
  `CallExpression[callee.property.name='concat'][callee.object.type='TemplateLiteral']`,
  `CallExpression[callee.property.name='execute'][callee.object.callee.property.name='getConnection']`,
  'MemberExpression[property.name=/^(getNativeClient|lit)$/]',
  `MemberExpression[object.name='sql'][property.name='raw']`,
  `NewExpression[callee.object.name='pg'][callee.property.name=/^(Pool|Client)$/]`,
].map((selector) => ({ selector, message: SQL_TEXT_MESSAGE }));

/** MUI components that took style shortcuts as props before MUI 9, and the shortcuts our pages used. */
const MUI_SYSTEM_PROP_RULES = [
  {
    selector: "JSXOpeningElement[name.name=/^(Box|Stack|Grid)$/] > JSXAttribute[name.name=/^(m|mt|mb|ml|mr|mx|my|p|pt|pb|pl|pr|px|py|display|gap|rowGap|columnGap|alignItems|alignSelf|justifyContent|flexWrap|flexDirection|flex|flexGrow|flexShrink|color|bgcolor|fontWeight|fontSize|textAlign|width|height|maxWidth|minWidth|maxHeight|minHeight|whiteSpace|overflow|position|top|left|right|bottom|border|borderRadius|boxShadow)$/]",
    message: 'MUI 9 ignores style props: put the style in sx.',
  },
  {
    selector: "JSXOpeningElement[name.name='Typography'] > JSXAttribute[name.name=/^(m|mt|mb|ml|mr|mx|my|p|pt|pb|px|py|display|fontWeight|fontSize|textAlign|whiteSpace|bgcolor)$/]",
    message: 'MUI 9 ignores style props: put the style in sx.',
  },
  {
    selector: "JSXAttribute[name.name='color'] Literal[value=/^text\\./]",
    message: "MUI 9's Typography takes textPrimary / textSecondary / textDisabled, not text.secondary (silently ignored).",
  },
];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'plugins/sdk/dist/', '.data/', '.tools/', 'schemas/types.ts', 'plugins/sdk/types.ts', 'web/src/api/openapi.ts', 'tests/fixtures/**/*.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [...LAYERS, ...CORE_LAYERS].map(({ target, from, except, why }) => ({
            target, from, ...(except ? { except } : {}), message: `Layers point one way: ${why}.`,
          })),
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // MUI 9 dropped the system props (https://mui.com/material-ui/migration/upgrade-to-v9/): `<Box mt={2}>` or
      // `<Typography color="text.secondary">` type-check and render, but the style is silently not applied.
      'no-restricted-syntax': ['error', ...MUI_SYSTEM_PROP_RULES],
    },
  },
  {
    // Workflow code runs in Temporal's deterministic sandbox: nothing with side effects may be imported.
    files: ['workflows/workflows.ts', 'workflows/definitions/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!@temporalio/workflow$|\\./|\\.\\./shared/).*',
              allowTypeImports: true,
              message: 'Workflow code may import only @temporalio/workflow, types and pure helpers.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'setTimeout', message: 'Use sleep() from @temporalio/workflow.' }],
    },
  },
  {
    // One typed data layer (core/db): outside it no SQL text is written, so no value can become SQL and every
    // query is typed from the entities. A query's values go through the query builder or as parameters.
    files: ['core/**/*.ts', 'api/**/*.ts', 'server/**/*.ts', 'workflows/**/*.ts', 'plugins/**/*.ts'],
    ignores: ['core/db/**'],
    rules: {
      'no-restricted-syntax': ['error', ...SQL_TEXT_RULES],
    },
  },
  {
    files: ['server/**', 'core/**/setup.ts', 'core/**/*-cli.ts', 'bench/**', 'core/schema/generate-types.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // The composition root stays small enough to read in one sitting: what it starts, in which order. The services
    // it composes (services.ts), the roles (api-role.ts, worker-role.ts) and the processes (processes.ts) live apart.
    files: ['server/main.ts'],
    rules: { 'max-lines': ['error', { max: 299 }] },
  },
);
