// Stands in for a script whose issue has not landed yet: says so in one line and fails, never pretends.
const [script = 'this script', what = 'its issue'] = process.argv.slice(2);
console.error(`npm run ${script}: not built yet — it arrives with ${what}.`);
process.exit(1);
