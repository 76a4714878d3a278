//! The runtime at the head of Deckhand's AppImage (see lib.rs). Glue: reads its options,
//! calls the library, maps errors to exit codes (2: the image is damaged or an option is
//! wrong; 1: the system failed; 127: AppRun could not be started, as the reference).

use appimage_runtime::{cache, elf, extract, squashfs, Error};
use std::ffi::OsString;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

// The sections the AppImage specification reserves in the runtime, for update
// information and a signature; empty, as appimagetool leaves them unless asked.
#[used]
#[link_section = ".upd_info"]
static UPDATE_INFORMATION: [u8; 1024] = [0; 1024];
#[used]
#[link_section = ".sha256_sig"]
static SIGNATURE: [u8; 1024] = [0; 1024];
#[used]
#[link_section = ".sig_key"]
static SIGNATURE_KEY: [u8; 8192] = [0; 8192];

const EXEC_FAILED: u8 = 127;

fn main() -> ExitCode {
    // Keeps the reserved sections through the linker's garbage collection.
    std::hint::black_box((&UPDATE_INFORMATION, &SIGNATURE, &SIGNATURE_KEY));
    // A crafted image that makes the SquashFS reader panic is reported as one line.
    squashfs::quiet_reader_panics();
    let args: Vec<OsString> = std::env::args_os().collect();
    match run(&args) {
        Ok(code) => code,
        Err(Failure::Usage(message)) => {
            eprintln!("AppImage runtime: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Image(err)) => {
            eprintln!("AppImage runtime: {err}");
            ExitCode::from(if err.is_bad_input() { 2 } else { 1 })
        }
    }
}

enum Failure {
    Usage(String),
    Image(Error),
}

impl From<Error> for Failure {
    fn from(err: Error) -> Self {
        Failure::Image(err)
    }
}

fn run(args: &[OsString]) -> Result<ExitCode, Failure> {
    let image = std::env::current_exe().map_err(|e| Error::Io {
        path: "/proc/self/exe".into(),
        source: e,
    })?;
    // Only a first argument starting with --appimage- is the runtime's: everything else
    // goes to the app.
    let option = args
        .get(1)
        .and_then(|a| a.to_str())
        .filter(|a| a.starts_with("--appimage-"));
    let offset = || elf::elf_size(&image);
    match option {
        None => start(&image, offset()?, args, 1),
        Some("--appimage-extract-and-run") => start(&image, offset()?, args, 2),
        Some("--appimage-help") => {
            println!("{}", help(&image));
            Ok(ExitCode::SUCCESS)
        }
        Some("--appimage-version") => {
            eprintln!(
                "AppImage runtime version: deckhand appimage-runtime {}",
                env!("CARGO_PKG_VERSION")
            );
            Ok(ExitCode::SUCCESS)
        }
        Some("--appimage-offset") => {
            println!("{}", offset()?);
            Ok(ExitCode::SUCCESS)
        }
        Some("--appimage-extract") => {
            if args.len() > 3 {
                return Err(Failure::Usage(
                    "usage: --appimage-extract [PATTERN]".to_owned(),
                ));
            }
            let pattern =
                match args.get(2) {
                    Some(p) => Some(p.to_str().ok_or_else(|| {
                        Failure::Usage("the pattern is not valid UTF-8".to_owned())
                    })?),
                    None => None,
                };
            squashfs::with_image(&image, offset()?, |fs| {
                extract::extract(fs, Path::new("squashfs-root"), pattern)
            })?;
            Ok(ExitCode::SUCCESS)
        }
        Some(other) => Err(Failure::Usage(format!(
            "{other} is not an option of this runtime (see --appimage-help)"
        ))),
    }
}

/// Extracts the image into its cache folder unless it is there already, then replaces
/// this process with AppRun, passing on `args[first_arg..]`.
fn start(
    image: &Path,
    offset: u64,
    args: &[OsString],
    first_arg: usize,
) -> Result<ExitCode, Failure> {
    let folder = cache::folder_for(image)?;
    if !folder.join("AppRun").exists() {
        let parent = folder.parent().unwrap_or(Path::new("."));
        std::fs::create_dir_all(parent).map_err(|e| Error::Io {
            path: parent.to_owned(),
            source: e,
        })?;
        cache::remove_abandoned(parent);
        match squashfs::with_image(image, offset, |fs| extract::extract(fs, &folder, None)) {
            // Another start of the same image finished first: its tree is complete.
            Ok(()) | Err(Error::Exists { .. }) => {}
            Err(err) => return Err(err.into()),
        }
    }
    let app_run = folder.join("AppRun");
    let argv0 = args.first().cloned().unwrap_or_default();
    let mut command = Command::new(&app_run);
    command
        .args(args.iter().skip(first_arg))
        .env("APPIMAGE", image)
        .env("APPDIR", &folder)
        .env("ARGV0", &argv0);
    if let Ok(cwd) = std::env::current_dir() {
        command.env("OWD", cwd);
    }
    let err = command.exec(); // returns only on failure
    eprintln!("AppImage runtime: cannot run {}: {err}", app_run.display());
    Ok(ExitCode::from(EXEC_FAILED))
}

fn help(image: &Path) -> String {
    let cache: PathBuf = cache::cache_root();
    format!(
        "AppImage options of {}:
  --appimage-extract [PATTERN]  extract the image (or the paths PATTERN matches) into
                                ./squashfs-root, which must not exist
  --appimage-extract-and-run    run the app (also the default: this runtime never needs FUSE)
  --appimage-offset             print where the SquashFS image starts
  --appimage-version            print the runtime's version
  --appimage-help               print this help
Any other arguments go to the app. The image is extracted once, on first start, into
{}/<hash of the image>; delete that folder to reclaim the space.",
        image.display(),
        cache.display()
    )
}
