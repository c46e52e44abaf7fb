/** The command-line reading every script shares: `--flag`, `--name value` and `--name=value`. */
export function commandLine(args = process.argv.slice(2)) {
  return {
    args,
    flag: name => args.includes(name),
    option: name => {
      const i = args.indexOf(name);
      if (i >= 0) return args[i + 1];
      return args.find(a => a.startsWith(`${name}=`))?.slice(name.length + 1);
    },
  };
}
