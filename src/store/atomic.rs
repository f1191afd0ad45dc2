//! Atomic file replacement that never loses what a person wrote meanwhile.
//!
//! Every file is written the same way: a temp file beside it (`.<name>.<6 alphanumerics>`,
//! created exclusively, the target's permissions copied), the bytes written and fsynced, then one
//! rename, then the directory fsynced. Everything slow happens before the last look at the target.
//!
//! An editor takes no lock, so for a file a person may edit, [`replace_guarded`] closes the
//! window between "the bytes are still what we read" and the rename: on Linux it *exchanges* the
//! temp file with the target (`renameat2(RENAME_EXCHANGE)`), so the file it displaced stays
//! reachable at the temp name. It then unlinks that name and reads what was displaced through an
//! open descriptor: anything other than the bytes we read (an append that landed in between, an
//! editor's save by rename) is put back and reported, never dropped. Where the exchange is not
//! available (another OS, a file system without it), the displaced inode is the one we read; we
//! hold it open and compare it after a plain rename, which catches appends but not an editor's
//! rename in the microseconds between the check and ours.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// What happened to a guarded replace.
#[derive(Debug, PartialEq, Eq)]
pub enum Replaced {
    /// The new bytes are in place and nothing else was there to lose.
    Written,
    /// Someone changed the file before our rename: their version is in place again, ours is
    /// not written.
    Undone,
    /// Someone changed both the file we displaced and the one we wrote: ours stays in place and
    /// the displaced version was saved whole at this path (nothing is lost; a person decides).
    /// (Rarely the other way round: theirs in place, ours with a late write saved; see
    /// `put_back`.)
    Kept(PathBuf),
}

/// Write `bytes` to a new temp file beside `path`, fsynced, with `path`'s permissions when it
/// exists. The caller renames it or removes it.
fn temp_beside(path: &Path, bytes: &[u8]) -> io::Result<PathBuf> {
    temp_file(path, bytes, true)
}

fn temp_file(path: &Path, bytes: &[u8], sync: bool) -> io::Result<PathBuf> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let dir = parent(path);
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let perms = fs::metadata(path).ok().map(|m| m.permissions());
    for _ in 0..64 {
        let seed = u64::from(std::process::id()) << 32
            ^ u64::from(COUNTER.fetch_add(1, Ordering::Relaxed))
            ^ u64::from(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.subsec_nanos()),
            );
        let temp = dir.join(format!(".{name}.{}", suffix(seed)));
        let mut file = match OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        };
        let written = (|| {
            if let Some(p) = &perms {
                file.set_permissions(p.clone())?;
            }
            file.write_all(bytes)?;
            if sync { file.sync_all() } else { Ok(()) }
        })();
        return match written {
            Ok(()) => Ok(temp),
            Err(e) => {
                let _ = fs::remove_file(&temp);
                Err(e)
            }
        };
    }
    Err(io::Error::new(io::ErrorKind::AlreadyExists, "no free temp file name"))
}

/// Six alphanumerics from a seed (the shape `sweep_temp` recognises).
fn suffix(mut seed: u64) -> String {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (seed >> 29);
    (0..6)
        .map(|_| {
            let c = ALPHABET[(seed % ALPHABET.len() as u64) as usize] as char;
            seed /= ALPHABET.len() as u64;
            c
        })
        .collect()
}

fn parent(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Make a rename or removal in `dir` durable. Windows has no directory fsync (a directory opens
/// only with backup semantics, and NTFS journals its metadata): there it is a no-op, which a run
/// of the unit tests under Wine found after every write had failed with "Access denied".
#[cfg(not(windows))]
pub fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir).and_then(|d| d.sync_all())
}

#[cfg(windows)]
pub fn sync_dir(_dir: &Path) -> io::Result<()> {
    Ok(())
}

/// Replace (or create) a file that only pplan writes: temp, fsync, rename, fsync the directory.
pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let temp = temp_beside(path, bytes)?;
    if let Err(e) = fs::rename(&temp, path) {
        let _ = fs::remove_file(&temp);
        return Err(e);
    }
    sync_dir(parent(path))
}

/// Replace a file pplan derives from others and can write again at any time (progress.json, a
/// hook's counters): a temp file swapped in, so a reader sees the old bytes or the new, never a
/// mix; no fsync, so a write does not wait for the disk. After a power cut it may lag behind the
/// plan until the next write (or a reader that checks it, `progress::refresh_if_stale`) renews it.
///
/// Exchanged and the old file unlinked rather than renamed over: ext4 writes a file renamed over
/// another to disk on the spot (`auto_da_alloc`), 0.1 ms a refresh and milliseconds when the disk
/// is busy, the very wait this state does without. A plain rename where there is no exchange.
pub fn write_derived(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let temp = temp_file(path, bytes, false)?;
    let replaced = match exchange(&temp, path) {
        // The temp name now holds the old bytes.
        Ok(true) => fs::remove_file(&temp),
        Ok(false) => fs::rename(&temp, path),
        Err(e) if e.kind() == io::ErrorKind::NotFound => fs::rename(&temp, path),
        Err(e) => Err(e),
    };
    replaced.inspect_err(|_| {
        let _ = fs::remove_file(&temp);
    })
}

/// Create a file that must not exist: fails with `AlreadyExists` (and writes nothing) when
/// anything is at `path`, even if it appeared a moment ago.
pub fn create_new(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let temp = temp_beside(path, bytes)?;
    // A hard link fails when the name is taken, atomically; the temp name then goes away.
    let linked = fs::hard_link(&temp, path);
    let _ = fs::remove_file(&temp);
    linked?;
    sync_dir(parent(path))
}

/// Replace `path` with `after`, only if it still holds `before`, without losing an edit that
/// lands at any moment before our rename (see the module docs). `held` is the file as we read it
/// (kept open so the displaced inode can be read on systems without the exchange).
/// `fault` runs between the temp file's fsync and the last look at the target.
pub fn replace_guarded(
    path: &Path,
    held: &mut File,
    before: &[u8],
    after: &[u8],
    fault: impl FnOnce(),
) -> io::Result<Result<Replaced, ()>> {
    let temp = temp_beside(path, after)?;
    fault();
    // The last look: from here to the rename is a few microseconds.
    if !holds(path, before)? {
        let _ = fs::remove_file(&temp);
        return Ok(Err(()));
    }
    match exchange(&temp, path) {
        Ok(true) => settle_exchanged(path, &temp, before, after).map(Ok),
        Ok(false) => match fs::rename(&temp, path) {
            Ok(()) => {
                sync_dir(parent(path))?;
                settle_renamed(path, held, before, after).map(Ok)
            }
            #[cfg(windows)]
            Err(e) if e.kind() == io::ErrorKind::PermissionDenied => {
                rename_released(path, held, &temp, before)
            }
            Err(e) => {
                let _ = fs::remove_file(&temp);
                Err(e)
            }
        },
        Err(e) => {
            let _ = fs::remove_file(&temp);
            Err(e)
        }
    }
}

/// Windows without POSIX rename semantics (before Windows 10 1809, other file systems, Wine)
/// will not replace a file someone holds open, pplan included. Look at the held file once more,
/// let go of it, and rename: an edit landing after that last look is not seen on these systems.
#[cfg(windows)]
fn rename_released(
    path: &Path,
    held: &mut File,
    temp: &Path,
    before: &[u8],
) -> io::Result<Result<Replaced, ()>> {
    let refuse = |temp: &Path| {
        let _ = fs::remove_file(temp);
    };
    if read_all(held)? != before {
        refuse(temp);
        return Ok(Err(()));
    }
    // The handle is replaced by one on our own temp file (which the rename may move: std opens
    // files with FILE_SHARE_DELETE), closing the one on the target.
    *held = File::open(temp)?;
    if let Err(e) = fs::rename(temp, path) {
        refuse(temp);
        return Err(e);
    }
    sync_dir(parent(path))?;
    Ok(Ok(Replaced::Written))
}

/// The temp name now holds what was at `path` an instant ago. Read it through a descriptor after
/// unlinking its name (no new writer can find it then), and put it back if it is not `before`.
fn settle_exchanged(path: &Path, temp: &Path, before: &[u8], after: &[u8]) -> io::Result<Replaced> {
    let mut displaced = File::open(temp)?;
    if reads(&mut displaced, before)? {
        fs::remove_file(temp)?;
        sync_dir(parent(path))?;
        // A writer that opened the old file before the exchange may still have written to it.
        if reads(&mut displaced, before)? {
            return Ok(Replaced::Written);
        }
        return restore(path, &read_all(&mut displaced)?, after);
    }
    // Someone wrote in the window: swap back if our file is untouched, else keep both.
    if holds(path, after)? {
        return put_back(path, temp, after);
    }
    let saved = recovery_name(path);
    fs::rename(temp, &saved)?;
    sync_dir(parent(path))?;
    Ok(Replaced::Kept(saved))
}

/// After a plain rename: the inode we read is displaced; if a writer changed it after our read,
/// put its bytes back.
fn settle_renamed(path: &Path, held: &mut File, before: &[u8], after: &[u8]) -> io::Result<Replaced> {
    if reads(held, before)? { Ok(Replaced::Written) } else { restore(path, &read_all(held)?, after) }
}

/// Put a person's version back at `path` when ours is still untouched there; otherwise save
/// theirs beside it.
fn restore(path: &Path, theirs: &[u8], after: &[u8]) -> io::Result<Replaced> {
    if holds(path, after)? {
        let temp = temp_beside(path, theirs)?;
        return put_back(path, &temp, after);
    }
    let saved = recovery_name(path);
    write(&saved, theirs)?;
    Ok(Replaced::Kept(saved))
}

/// Put their version (the file at `temp`) back at `path` in place of ours (`after`).
///
/// Our file was checked a moment ago, but an edit can land on it between that check and the
/// swap (tests/it/beside.rs lost appended lines here: a plain rename, or an exchange whose
/// displaced file was unlinked unread, dropped them). So it is exchanged and what it displaced is
/// read back: still `after`, it goes; edited meanwhile, ours (with that edit) goes back in place
/// and theirs is saved beside it, so both are kept.
fn put_back(path: &Path, temp: &Path, after: &[u8]) -> io::Result<Replaced> {
    if !exchange(temp, path)? {
        // No exchange here: a plain rename (an edit to ours in these microseconds is not seen).
        if let Err(e) = fs::rename(temp, path) {
            let _ = fs::remove_file(temp);
            return Err(e);
        }
        sync_dir(parent(path))?;
        return Ok(Replaced::Undone);
    }
    let mut ours = File::open(temp)?;
    if read_all(&mut ours)? == after {
        fs::remove_file(temp)?;
        sync_dir(parent(path))?;
        // A writer that opened ours before the swap may still have written to it.
        let late = read_all(&mut ours)?;
        if late == after {
            return Ok(Replaced::Undone);
        }
        let saved = recovery_name(path);
        write(&saved, &late)?;
        return Ok(Replaced::Kept(saved));
    }
    // Ours was edited too: it goes back in place, theirs is saved whole beside it.
    exchange(temp, path)?;
    let saved = recovery_name(path);
    fs::rename(temp, &saved)?;
    sync_dir(parent(path))?;
    Ok(Replaced::Kept(saved))
}

fn recovery_name(path: &Path) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    parent(path).join(format!("{name}.edited-meanwhile.{stamp}.{}", std::process::id()))
}

fn read_all(file: &mut File) -> io::Result<Vec<u8>> {
    file.seek(SeekFrom::Start(0))?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Whether `file`, read from its start, holds exactly `bytes`: compared a block at a time, so
/// the checks around a replace do not each fault in a copy of a large plan.
fn reads(file: &mut File, bytes: &[u8]) -> io::Result<bool> {
    file.seek(SeekFrom::Start(0))?;
    let mut block = vec![0u8; 64 * 1024];
    let mut rest = bytes;
    loop {
        let n = match file.read(&mut block) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if n == 0 {
            return Ok(rest.is_empty());
        }
        if n > rest.len() || block[..n] != rest[..n] {
            return Ok(false);
        }
        rest = &rest[n..];
    }
}

/// Whether the file at `path` holds exactly `bytes` (a missing file holds nothing).
pub fn holds(path: &Path, bytes: &[u8]) -> io::Result<bool> {
    match File::open(path) {
        Ok(mut f) => Ok(f.metadata()?.len() == bytes.len() as u64 && reads(&mut f, bytes)?),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(bytes.is_empty()),
        Err(e) => Err(e),
    }
}

/// Swap two names atomically. `Ok(false)`: not supported here (use a plain rename).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn exchange(a: &Path, b: &Path) -> io::Result<bool> {
    use nix::errno::Errno;
    use nix::fcntl::{RenameFlags, renameat2};
    match renameat2(None, a, None, b, RenameFlags::RENAME_EXCHANGE) {
        Ok(()) => Ok(true),
        Err(Errno::EINVAL | Errno::ENOSYS | Errno::EOPNOTSUPP) => Ok(false),
        Err(e) => Err(io::Error::from(e)),
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn exchange(_a: &Path, _b: &Path) -> io::Result<bool> {
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A directory of its own for one test, removed when the test ends (pass or fail).
    struct Scratch(PathBuf);

    impl std::ops::Deref for Scratch {
        type Target = Path;
        fn deref(&self) -> &Path {
            &self.0
        }
    }

    impl AsRef<Path> for Scratch {
        fn as_ref(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    fn scratch() -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "pplan-atomic-{}-{}",
            std::process::id(),
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos())
        ));
        fs::create_dir_all(&dir).expect("scratch");
        Scratch(dir)
    }

    #[test]
    fn a_clean_replace_writes_and_leaves_no_temp() {
        let dir = scratch();
        let path = dir.join("plan.md");
        write(&path, b"one\n").expect("write");
        let mut held = File::open(&path).expect("open");
        let out = replace_guarded(&path, &mut held, b"one\n", b"two\n", || {}).expect("io");
        assert_eq!(out, Ok(Replaced::Written));
        assert_eq!(fs::read(&path).expect("read"), b"two\n");
        assert_eq!(fs::read_dir(&dir).expect("dir").count(), 1);
    }

    #[test]
    fn an_append_before_the_last_look_refuses() {
        let dir = scratch();
        let path = dir.join("plan.md");
        write(&path, b"one\n").expect("write");
        let mut held = File::open(&path).expect("open");
        let out = replace_guarded(&path, &mut held, b"one\n", b"two\n", || {
            let mut f = OpenOptions::new().append(true).open(&path).expect("append");
            f.write_all(b"human\n").expect("append");
        })
        .expect("io");
        assert_eq!(out, Err(()));
        assert_eq!(fs::read(&path).expect("read"), b"one\nhuman\n");
        assert_eq!(fs::read_dir(&dir).expect("dir").count(), 1);
    }

    /// The window itself: the exchange happened, and the file it displaced is not what we read.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[test]
    fn a_displaced_file_that_changed_is_put_back() {
        let dir = scratch();
        let path = dir.join("plan.md");
        write(&path, b"one\nhuman\n").expect("write");
        let temp = temp_beside(&path, b"two\n").expect("temp");
        assert!(exchange(&temp, &path).expect("exchange"));
        let out = settle_exchanged(&path, &temp, b"one\n", b"two\n").expect("settle");
        assert_eq!(out, Replaced::Undone);
        assert_eq!(fs::read(&path).expect("read"), b"one\nhuman\n");
        assert_eq!(fs::read_dir(&dir).expect("dir").count(), 1);
    }

    /// Both sides changed: ours stays, theirs is saved whole beside it.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[test]
    fn when_both_changed_the_displaced_version_is_saved() {
        let dir = scratch();
        let path = dir.join("plan.md");
        write(&path, b"one\nhuman\n").expect("write");
        let temp = temp_beside(&path, b"two\n").expect("temp");
        assert!(exchange(&temp, &path).expect("exchange"));
        let mut f = OpenOptions::new().append(true).open(&path).expect("append");
        f.write_all(b"later\n").expect("append");
        let Replaced::Kept(saved) = settle_exchanged(&path, &temp, b"one\n", b"two\n").expect("settle")
        else {
            panic!("not kept")
        };
        assert_eq!(fs::read(&path).expect("read"), b"two\nlater\n");
        assert_eq!(fs::read(&saved).expect("saved"), b"one\nhuman\n");
    }

    /// Putting theirs back after an edit landed on ours: neither is dropped.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[test]
    fn putting_back_over_an_edited_file_of_ours_keeps_both() {
        let dir = scratch();
        let path = dir.join("plan.md");
        write(&path, b"two\nlater\n").expect("write");
        let theirs = temp_beside(&path, b"one\nhuman\n").expect("temp");
        let Replaced::Kept(saved) = put_back(&path, &theirs, b"two\n").expect("put back") else {
            panic!("not kept")
        };
        assert_eq!(fs::read(&path).expect("read"), b"two\nlater\n");
        assert_eq!(fs::read(&saved).expect("saved"), b"one\nhuman\n");
        assert_eq!(fs::read_dir(&dir).expect("dir").count(), 2);
    }

    #[test]
    fn derived_state_is_replaced_or_created_and_leaves_no_temp() {
        let dir = scratch();
        let path = dir.join("progress.json");
        write_derived(&path, b"{}\n").expect("create");
        write_derived(&path, b"{\"a\":1}\n").expect("replace");
        assert_eq!(fs::read(&path).expect("read"), b"{\"a\":1}\n");
        assert_eq!(fs::read_dir(&dir).expect("dir").count(), 1);
    }

    /// Without the exchange: a write into the inode we read, after the rename, is put back.
    // Needs a file that stays readable after it was replaced while held open: POSIX semantics.
    #[cfg(not(windows))]
    #[test]
    fn an_append_to_the_displaced_inode_is_put_back_after_a_rename() {
        let dir = scratch();
        let path = dir.join("plan.md");
        write(&path, b"one\n").expect("write");
        let mut held = File::open(&path).expect("open");
        let mut late = OpenOptions::new().append(true).open(&path).expect("append");
        let temp = temp_beside(&path, b"two\n").expect("temp");
        fs::rename(&temp, &path).expect("rename");
        late.write_all(b"human\n").expect("append");
        let out = settle_renamed(&path, &mut held, b"one\n", b"two\n").expect("settle");
        assert_eq!(out, Replaced::Undone);
        assert_eq!(fs::read(&path).expect("read"), b"one\nhuman\n");
    }
}
