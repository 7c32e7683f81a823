/// The help texts of the `sheet` command and its subcommands.
enum Usage {
  static let main = """
    usage: sheet <command> [options]

    Drive Lua sheet behaviours with scripted gestures, read and plot the trajectory, tune thresholds.

    commands:
      init [FOLDER]  start a project of your own: a behaviour, a scenario, editor support
      run FILE       run a scenario and print its trace
      test [PATH...] run every scenario in the files and folders (default Tests/Scenarios)
      plot FILE      draw a scenario's height and backdrop over time as SVG
      compare SCENARIO... --behaviour A --behaviour B
                     run scenarios under several behaviours and set the outcomes side by side
      tune PATH      run scenarios over a grid of threshold values
      fuzz BEHAVIOUR drive a behaviour with random gestures, check its properties, write a failure as a
                     scenario
      merge PART...  merge the parts of a sweep's shards (tune, replay or fit --shard i/n) into its report
      watch FILE     re-run a scenario whenever it or its behaviour changes
      check FILE     validate a behaviour file
      presets        list the built-in behaviours
      bench          measure the host, the core and the scenario runner
      preview [SCENARIO]
                     drag the sheet in a web browser, tune it live, record gestures as scenarios
      replay CORPUS... --behaviour B
                     replay a gesture corpus on the core: outcomes, agreement with intent, changes
      corpus synth --count N --seed S | corpus from-scenario PATH...
                     write a gesture corpus: synthetic (a stated model, not users' data), or a scenario's
      fit CORPUS... --behaviour B --param name=from..to:step...
                     find the thresholds whose replays agree best with the gestures' intents

    options:
      --help, -h     show help (also `sheet CMD --help`)
      --version      print the version and the embedded Lua runtime

    A scenario file's first line starts with `-- scenario`; a file named here that does not is refused.

    exit status: 0 success (run, plot, watch: also a scenario that checks nothing, which they say); 1 a
    failed expectation, a script error, an invalid behaviour, a scenario with no expectations in `test`,
    a `tune` where no point passes; 2 a usage error (including a file that is not a scenario, and an -o
    that names a file the run reads, or that cannot be written).
    """

  static let initialize = """
    usage: sheet init [FOLDER] [--from PRESET]

    Writes a starter project into FOLDER (default: the current folder; made when missing): behaviour.lua,
    which extends PRESET (default `system`; `sheet presets` lists them) with `S.extend` and lists the
    preset's thresholds at their values to tune; scenario.lua, which presents the sheet, drags it open
    slowly and flicks it closed, expecting where the preset comes to rest (`sheet test .` passes); and
    editor support for the Lua language server: .luarc.json, types/sheet-api.lua (the API's annotations)
    and types/sheet.lua (the helper module). It never overwrites: when any of these files exists it
    writes none and exits with status 2, as for an unknown preset.
    """

  static let run = """
    usage: sheet run FILE [--format table|jsonl|csv] [--set name=value]... [--fps N] [-o OUT]

    Runs the scenario FILE and prints its trace: `table` (default) for people, `jsonl` one JSON object a line
    (every line has `t` and `kind`), `csv` the frames. --set overrides a threshold the behaviour declares (one
    the default policy reads within its range, e.g. spring_damping in [0.2, 2]); --fps sets the frame rate (default: the
    scenario's, 120). -o writes the trace to OUT instead, never over a file the run reads (the scenario, a
    behaviour it loads). The failures go to standard error, each once. A scenario with no expectations
    runs, says it checked nothing and exits 0 (`sheet test` fails it).
    """

  static let test = """
    usage: sheet test [PATH]... [--set name=value]... [--fps N] [--list-skipped]

    Runs every scenario in the files and folders given (default Tests/Scenarios): a .lua file whose first
    line starts with `-- scenario`. Other .lua files (behaviours, modules) are skipped and counted;
    --list-skipped names them. Prints each failure with file:line and ends with `N passed, N failed`
    counting scenarios. A scenario with no expectations fails, and so does a run that finds no scenario.
    """

  static let plot = """
    usage: sheet plot FILE -o OUT.svg [--set name=value]... [--fps N] [--index]

    Runs the scenario FILE and draws height and backdrop over time as a standalone SVG, with detent heights
    as guide lines over the time each height held, and gesture and decision events marked. --index adds a
    panel below of the fractional detent index over the same time (0 at the lowest detent, 1.5 halfway
    between the second and the third, -1 hidden). OUT may not be a file the run reads.
    """

  static let compare = """
    usage: sheet compare SCENARIO... --behaviour A --behaviour B ... [--format table|csv|jsonl]
                         [--set name=value]... [--fps N] [--plot OUT.svg] [-o OUT] [--jobs N]

    Runs every scenario (files, or folders of them) under every behaviour (a preset's name or a behaviour
    file; it replaces whatever the scenario says) and prints, side by side, each release's decision (target
    and reason) and each run's outcome (state, detent and height at the end, expectations). `table`
    (default) gives a block per scenario, `csv` a row per release and per outcome, `jsonl` an object per
    run. A behaviour file is shown by its file name. --plot overlays each scenario's height curves, one
    colour per behaviour, aligned at each release, with each behaviour's detents and a legend. --set
    applies to every behaviour (each must declare the threshold). At most 16 behaviours and 1000 runs; per
    run at most 50 releases are listed and reasons are cut to 200 characters. The runs use every core
    unless --jobs (1...256) says otherwise; the output is the same bytes whatever the count. Exit status 1
    when a run failed (the table lists its failures; with another format or -o they go to standard
    error). Neither -o nor --plot may name a file the runs read.
    """

  static let tune = """
    usage: sheet tune PATH --param name=from..to:step [--param ...] [--set name=value]... [--jobs N]
                      [--max-runs N] [--explain] [--write FILE] [--shard i/n | --shards N] [-o PART]

    Runs the scenarios in PATH for every value (or grid of values) of the parameters and prints the outcome
    per scenario per value and the pass count per value. Uses every core unless --jobs says otherwise.
    from, to and step are finite, step > 0, to >= from, at most 10000 values a parameter. The grid (points
    x scenario files) makes at most 100000 runs unless --max-runs N (at most 10000000) allows more; a
    larger one is refused before anything runs, and so is a value outside the range of a threshold the default policy reads. A
    name no scenario's behaviour declares is refused after one run per scenario, listing the thresholds
    they declare. Rows are printed as their points finish, in grid order. --explain adds, under the table,
    a line per FAIL (the first 10000; the rest are counted): the point, the scenario and its first
    failing expectation or script error with file:line. Last, the verdict: how many points pass every
    scenario and, per parameter, the values of the passing points (or that none passes). --write FILE
    writes the passing point nearest FILE's own thresholds (each move measured in its parameter's range)
    into that behaviour file, changing only those numbers; a file that cannot take them is refused before
    anything runs, and one edited during the sweep is left alone. Exit status 1 when no point passes or
    the file was not written.

    Many machines: --shard i/n (1-based) makes runs i-1, i-1+n, i-1+2n, ... of the sweep (a run is a
    point's scenario, in the table's order) and writes them as a part, JSON Lines, to -o PART (default
    standard output) instead of the table; `sheet merge` of all n parts prints the table, the verdict and
    the --write result byte for byte as one process does. Without --shard the shard comes from a job
    engine's environment (0-based there): JOB_COMPLETION_INDEX of a Kubernetes Indexed Job with
    --shards N (its completions); SLURM_ARRAY_TASK_ID with SLURM_ARRAY_TASK_COUNT, counted from
    SLURM_ARRAY_TASK_MIN in steps of SLURM_ARRAY_TASK_STEP; Bazel's TEST_SHARD_INDEX with
    TEST_TOTAL_SHARDS. --shard wins over them.
    """

  static let merge = """
    usage: sheet merge PART... [--plan PLAN]

    Merges the parts the shards of one `sheet tune --shard i/n -o PART` (or `sheet replay --shard i/n -o
    PART`) wrote and prints the report the sweep prints in one process, byte for byte (and with --write,
    writes the file as it would, when the file is the one the sweep read). Refused, printing nothing,
    when the parts are of different sweeps (their digest of the files, parameters and options differs),
    a shard is missing or given twice, a part did not finish, or a line is bad (file:line, the field and
    its value); a part is at most 256 MiB, a line at most 1 MiB. Exit status: the sweep's (tune: 0 a
    point passes, 1 none does; replay: 1 for a bad line or a gesture not replayed), 1 for parts refused.

    A fit's shards make one round of its search at a time (sheet fit --shard i/n --plan PLAN -o PART):
    merging a round's parts with --plan PLAN adds their scores to the plan and writes it; while the
    search needs more points it prints nothing on standard output (a line on standard error says how
    many) and the shards run again with the plan; once it needs none it prints the fit's report (and
    with --write writes the file) as sheet fit does in one process, byte for byte.
    """

  static let watch = """
    usage: sheet watch SCENARIO [--behaviour FILE] [--interval SECONDS] [--max-runs N]

    Runs the scenario, then re-runs it whenever the scenario or its behaviour file changes, printing the new
    outcome. A broken save prints its error and keeps the last good result. --behaviour runs FILE in place
    of the scenario's behaviour; --max-runs stops after N runs (for scripts).
    """

  static let check = """
    usage: sheet check BEHAVIOUR

    Loads and validates a behaviour file (or a preset name) and prints its detents, thresholds, callbacks
    and what it prints while it loads. Detents declared out of height order (on the 390x844 screen) get a
    warning: the file is valid, the sheet orders them by height. Exit status 1 when the file is invalid.
    """

  static let presets = """
    usage: sheet presets

    Lists the built-in behaviours, one line each.
    """

  static let bench = """
    usage: sheet bench [--json] [--quick] [--rebuild]
           sheet bench --only PART --count N

    Measures the Lua host, the frame step and the scenario runner; every figure is the median of repeated
    timed batches after a warm-up, with its spread. Build in release mode (scripts/bench does).

      --rebuild  also time `swift build -c release` after DefaultPolicy.swift is saved (its modification
                 time moves to now; no file's content changes); run from the package's folder
      --only PART --count N
                 run one figure's loop alone, N units once, and print its nanoseconds per unit: for a
                 profiler or an instruction counter (scripts/bench-instructions). PART is frame_native,
                 frame_scripted (N frames), lua_body (N iterations, a multiple of 1000), sweep_run or
                 sweep_floor (N runs or replays, a multiple of 12)
    """

  static let preview = """
    usage: sheet preview [SCENARIO] [--behaviour FILE|PRESET] [--set name=value]... [--port N] [--open]
                         [--fps N] [--record-dir DIR] [--bench [--messages N] [--soak SECONDS]]

    Serves a live preview on http://127.0.0.1:PORT/ (loopback only) and prints its address: the sheet on a
    phone-sized screen, dragged with the mouse or a finger through the real core; threshold sliders; hot
    reload of the behaviour file; a live plot; replay of a scenario; recording of the gestures as a
    scenario that `sheet run` replays to the same decisions; two behaviours compared side by side.

      SCENARIO        its screen, frame rate, content height, thresholds and behaviour set the page up, and
                      the replay view plays it
      --behaviour B   a preset's name or a behaviour file (default: the scenario's, else `system`)
      --set n=v       a threshold override (repeatable; checked as for `sheet run`)
      --port N        the port, 0...65535 (default 0: a free one)
      --open          open the page in the desktop's browser (xdg-open)
      --fps N         frames per second the sheet is stepped at, 1...240 (default: the scenario's, else 120)
      --record-dir D  where recordings are saved as recording-N.lua (default: the current folder)
      --bench         measure preview_roundtrip_ms (a pointer message in to its frame out, p50 and p99)
                      with a real client over loopback, and the process's memory, then exit
      --messages N    round trips the benchmark measures, 100...1000000 (default 5000)
      --soak S        instead, S seconds of synthetic drags, for memory flatness (1...86400)
    """

  static let fuzz = """
    usage: sheet fuzz BEHAVIOUR [--runs N | --seconds S] [--seed N] [--screen WxH[,TOP,BOTTOM]] [--edge EDGE]
                      [--steps N] [--jobs N] [--shard i/n] [--exempt PROPERTY]... [--props FILE] [-o OUT]

    Drives the behaviour (a preset's name or a file) with random sequences of what scenarios can do
    (drags and flicks from anywhere along the sheet's axis, touch streams with odd timing, taps, snaps and
    dismisses mid-animation, presents, resizes, content and scroll changes, the keyboard, reloads, the
    back action, accessibility actions, reduce motion turned on and off) and checks its
    properties after each step: rests (comes to rest within 10 s on an active detent, or dismissed or
    hidden), no-dismiss (no release dismisses when allow_dismiss is false), finite (height, velocity and
    backdrop finite, backdrop in [0, 1]), no-error (no script error, no limit reached), monotone (a
    faster flick from the same place never ends short of a slower one), snap-current, rotation, reload,
    and the properties of the behaviour's NAME.props.lua (or --props FILE). The first failing run is
    shrunk to few steps with round numbers and written as a scenario that `sheet run` fails the same
    way (default fuzz-NAME-SEED.lua). Exit status 0 when every run held, 1 for a finding.

      --runs N        runs, 1...10000000 (default 1000)
      --seconds S     stop starting runs after S seconds (0 < S <= 86400)
      --seed N        the seed, 0...2^64-1 (default 1): the same seed makes the same runs and report
      --screen WxH    the screen the runs start on (default 390x844,47,34)
      --edge EDGE     attach the behaviour to bottom, top, leading or trailing (a finding says `edge`)
      --steps N       the most steps a run makes, 1...1000 (default 40)
      --jobs N        worker threads, 1...256 (default every core); the report is the same
      --shard i/n     make runs i, i+n, i+2n, ... (1-based) of the runs (or a job engine's shard:
                      sheet tune --help; --shards N with a Kubernetes Indexed Job)
      --exempt P      do not check property P (repeatable)
      --props FILE    the author's properties: property('name', function(sheet) ... end) calls
      -o OUT          where a finding is written
    """

  static let replay = """
    usage: sheet replay CORPUS... --behaviour B [--set name=value]... [--against B2] [--against-set
           name=value]... [--format table|jsonl] [--jobs N] [--shard i/n | --shards N] [-o PART]

    Replays every gesture of the corpora (JSON Lines files of gestures, `-` standard input; see the
    article "Gesture corpora") on the core with behaviour B (a preset's name or a file) and the --set
    overrides: each from its recorded screen, content and detent, its touches at their recorded times.
    Prints the outcomes per starting detent, the agreement with each gesture's intent as a confusion
    matrix, how many gestures end elsewhere than recorded, and settle time and overshoot. --against B2
    (and/or --against-set name=value, added to the --set overrides) replays each gesture a second time
    and reports the gestures that end at another detent ("312 of 5,000 gestures end at another detent:
    290 half→full, 22 full→dismiss"). --format jsonl writes one line per gesture instead. The corpus is
    read a line at a time; a bad line is reported with its line number on standard error and skipped.
    The output is the same whatever --jobs (default: every core). Exit status 1 when a line was bad or
    a gesture could not be replayed.

    Many machines: --shard i/n replays the corpora's items (their lines that are not blank, numbered
    from 0 across the files) i-1, i-1+n, ... and writes them as a part, JSON Lines, to -o PART (default
    standard output) instead of the report; `sheet merge` of all n parts prints the report (table or
    jsonl, and the bad lines on standard error) byte for byte as one process does. The shard may come
    from a job engine's environment as for `sheet tune` (JOB_COMPLETION_INDEX with --shards N,
    SLURM_ARRAY_TASK_ID, TEST_SHARD_INDEX). A shard cannot read standard input.
    """

  static let corpus = """
    usage: sheet corpus synth --count N --seed S [--behaviour B]
           sheet corpus from-scenario PATH...
           sheet corpus label CORPUS... --behaviour B [--set name=value]... [--jobs N]

    Writes N synthetic gestures (origin `synthetic`: made by a model, never users' data) as a corpus to
    standard output: minimum-jerk drags and flicks with Gaussian noise, release speeds spread as people
    flick, touches at 60 or 120 Hz with jitter, each labelled with the intent a stated projection rule
    gives (the article "Gesture corpora"). B (default `system`) gives the screen's detents and is stamped
    on every gesture. The same seed writes the same bytes.

    from-scenario runs each scenario in the files and folders and writes the drags its sheet followed as
    gestures of origin `scenario` (a flick's given release velocity is kept with its gesture), with a line
    per scenario on standard error; exit status 1 when none gave a gesture.

    label writes the corpora again with each gesture's intent replaced by where B with the --set
    overrides sends it (its replay's end), so that `sheet fit` of B's thresholds has a known answer: the
    overrides' values, at which every gesture agrees. Exit status 1 when a line was bad or a gesture
    could not be replayed.
    """

  static let fit = """
    usage: sheet fit CORPUS... --behaviour B --param name=from..to:step [--param ...] [--set name=value]...
           [--jobs N] [--write FILE] [--format text|jsonl] [--exhaustive]
           [--shard i/n | --shards N] [--plan PLAN] [-o PART]

    Finds the values of the --param thresholds (1 to 8, each over its grid from..to:step) at which the
    most gestures of the corpora replay with behaviour B to their intent; gestures without an intent are
    counted and not replayed. The search evaluates a coarse grid (5 values a parameter, 3 beyond three
    parameters), then moves one parameter at a time from the best point, halving the move down to one
    step until no move improves, then each parameter's sensitivity (every value, or 21 spread evenly on
    a longer axis), starting again from any better value it finds; a tie goes to the point nearest B's
    current values (in steps). Prints the points evaluated against the whole grid, the agreement and
    the intent-against-outcome matrix at the current values and at the chosen ones, and each parameter's
    sensitivity; --format jsonl writes a line per point evaluated and a last line with the choice.
    --write FILE writes the chosen values into that behaviour file (only those numbers change; refused
    before any run when the file cannot take them). The same output whatever --jobs (default: every
    core). Exit status 1 when a line was bad or the file was not written. --exhaustive evaluates the
    whole grid as well (at most 100,000 points) and says whether its best is the search's choice.

    Many machines, in rounds: the search asks for its points a batch at a time, each batch chosen by the
    scores before it. --shard i/n --plan PLAN makes one round: the shard replays its gestures (gesture
    g of those with an intent is shard g % n + 1's) at the points PLAN says come next (the coarse grid
    and the current values when PLAN does not exist yet) and writes them as a part to -o PART; `sheet
    merge PART... --plan PLAN` adds the round to PLAN, and prints the report once the search is over
    (leaving PLAN as the last round read it, so that merging that round's parts again prints it again).
    Run the shards and the merge until the merge prints the report (or fails):
      rm -f plan.jsonl report.txt
      until [ -s report.txt ]; do
        parallel --halt now,fail=1 sheet fit c.jsonl --behaviour B --param ... --plan plan.jsonl \\
          --shard {}/4 -o part-{}.jsonl ::: 1 2 3 4 || break
        sheet merge part-*.jsonl --plan plan.jsonl > report.txt || [ -s report.txt ] || break
      done
    The shard may come from a job engine's environment as for sheet tune; --exhaustive runs in one
    process.
    """
}
