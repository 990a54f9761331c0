import { fetchReport, formatReport, parseReportCommand, Refusal, Unreachable, USAGE, UsageError } from "./analytics-report";

/**
 * `npm run analytics -- --from … --to …`: the distributor's page-view report, printed
 * (docs/analytics.md). Exit codes as `npm run warehouse`: 2 a wrong command line, 1 a refusal,
 * 3 no portal.
 */
async function main(): Promise<number> {
  try {
    const command = parseReportCommand(process.argv.slice(2), new Date());
    if (command === "help") {
      console.log(USAGE);
      return 0;
    }
    const report = await fetchReport(process.env, command.query);
    console.log(command.json ? JSON.stringify(report, null, 2) : formatReport(report));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof Refusal) {
      console.error(`Refusé : ${error.message}`);
      return 1;
    }
    if (error instanceof Unreachable) {
      console.error(error.message);
      return 3;
    }
    console.error(error);
    return 1;
  }
}

process.exitCode = await main();
