// Three weekly meetings of one data team (bench/data/series), and what a model answers for each: the tasks each
// states, as a person would write them. The follow-through tests upload them in order (issue 28).
import { readFileSync } from 'node:fs';

type Json = Record<string, unknown>;

/** A meeting of the series, as its file says it. */
export const series = (name: string) => readFileSync(new URL(`../../bench/data/series/${name}`, import.meta.url), 'utf8');

/** The three meetings, in order. */
export const SERIES = ['data-weekly-2026-05-04.txt', 'data-weekly-2026-05-11.txt', 'data-weekly-2026-05-18.txt'] as const;

const task = (title: string, assignee: string, quote: string, more: Json = {}) => ({
  title, description: `${title}.`, context: null, implementation: null, dependsOn: [], effort: null, priority: 'Medium', assignee, dueDate: null,
  tags: [], notes: null, project: 'Data', quote, ...more,
});
/** What the model answers for each meeting: the tasks it states, as a person would write them. */
export const SERIES_TASKS: Record<string, unknown[]> = {
  'data-weekly-2026-05-04.txt': [
    task('Migrate the nightly ETL from cron to Airflow', 'Omar Haddad', "I'll migrate the nightly ETL from cron to Airflow, starting with the orders jobs."),
    task('Upgrade the warehouse to Postgres 16', 'Omar Haddad', "I'll upgrade the warehouse to Postgres 16."),
    task('Fix the duplicate orders from the Shopify import', 'Sofia Lindqvist', "There are duplicate rows in the orders table since the Shopify import. I'll fix the duplicate orders."),
    task('Add data quality checks to the orders pipeline', 'Sofia Lindqvist', "I'll add quality checks to the orders pipeline."),
    task('Build the churn dashboard', 'Chen Wei', "Sales asked for a churn dashboard. I'll build the churn dashboard."),
    task('Write the data retention policy', 'Hannah Becker', "I'll write the data retention policy, legal needs it this month."),
  ],
  'data-weekly-2026-05-11.txt': [
    task('Move the nightly ETL jobs to Airflow', 'Omar Haddad', 'Airflow migration: two DAGs moved, the nightly jobs are next.'),
    task('Upgrade the warehouse to Postgres 16', 'Omar Haddad', 'The Postgres 16 upgrade of the warehouse is scheduled for Saturday.', { dueDate: '2026-05-16', priority: 'High' }),
    task('Set up alerting for failed Airflow DAGs', 'Omar Haddad', "I'll also set up alerting for failed Airflow DAGs."),
    task('Fix the duplicate orders in the orders table', 'Sofia Lindqvist', 'The orders table still has duplicates from the Shopify import, I found the join that causes it.'),
    task('Build a revenue dashboard for finance', 'Chen Wei', "Finance asked for a revenue dashboard too, I'll build it after churn."),
  ],
  'data-weekly-2026-05-18.txt': [
    task('Wire the failed-DAG alerts to the on-call channel', 'Omar Haddad', "Alerts for failed DAGs, I'll wire them to the on-call channel this week."),
    task('Build the revenue dashboard for finance', 'Chen Wei', 'Revenue dashboard for finance starts this week.'),
    task('Write the GDPR deletion procedure', 'Hannah Becker', "Next I'll write the GDPR deletion procedure."),
  ],
};
