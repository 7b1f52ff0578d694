//! What the tests that drive the `shortlist` binary share: the binary, a
//! scratch data directory, and a server started on a data directory that
//! answers plain HTTP requests.

#![allow(dead_code)] // each test file uses its own part of this

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long a command or a server start may take before the test fails.
pub const WAIT_SECONDS_MAX: u64 = 60;

pub fn shortlist() -> Command {
    Command::new(env!("CARGO_BIN_EXE_shortlist"))
}

/// Runs `shortlist seed` with `arguments`, failing the test if it has not
/// exited within `WAIT_SECONDS_MAX` (it must stop by itself).
pub fn seed(data_dir: &Path, arguments: &[&str]) -> Output {
    let child = shortlist()
        .arg("seed")
        .args(["--data-dir", data_dir.to_str().expect("a UTF-8 path"), "--bind", "127.0.0.1:0"])
        .args(arguments)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let process_id = child.id();
    let (exited, exit) = mpsc::channel();
    std::thread::spawn(move || exited.send(child.wait_with_output()));
    match exit.recv_timeout(Duration::from_secs(WAIT_SECONDS_MAX)) {
        Ok(output) => output.expect("its output"),
        Err(_) => {
            // SAFETY: kill(2) on the child's process ID, which it keeps until
            // it is reaped, and it is reaped only by the thread still waiting.
            unsafe { libc::kill(process_id as libc::pid_t, libc::SIGKILL) };
            panic!("seed did not exit within {WAIT_SECONDS_MAX} s");
        }
    }
}

/// A scratch directory, removed when the guard drops, and a data directory
/// inside it that does not exist yet.
pub fn fresh_data_dir(name: &str) -> (tempfile::TempDir, PathBuf) {
    let scratch =
        tempfile::Builder::new().prefix(&format!("shortlist-{name}-")).tempdir().expect("a scratch directory");
    let data_dir = scratch.path().join("data");
    (scratch, data_dir)
}

pub fn between<'a>(text: &'a str, before: &str, after: &str) -> &'a str {
    let start = text.find(before).expect("the marker") + before.len();
    let end = text[start..].find(after).expect("the end marker");
    &text[start..start + end]
}

/// `shortlist serve` on a data directory, stopped when dropped. The test
/// follows its log (stderr) and its output (stdout) line by line: it is
/// ready when it logs the address it listens on, and background work is
/// waited for by the line that reports it, so nothing polls.
pub struct Server {
    child: std::process::Child,
    address: String,
    log: Receiver<String>,
    output: Receiver<String>,
}

/// Sends each line `from` gives to a channel, on a thread of its own.
fn lines_of(from: impl Read + Send + 'static) -> Receiver<String> {
    let (lines, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(from).lines().map_while(Result::ok) {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    receiver
}

fn wait_for_line(lines: &Receiver<String>, what: &str, matches: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(WAIT_SECONDS_MAX);
    loop {
        match lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(line) if matches(&line) => return line,
            Ok(_) => {}
            Err(RecvTimeoutError::Timeout) => panic!("waited {WAIT_SECONDS_MAX} s for the server: {what}"),
            Err(RecvTimeoutError::Disconnected) => panic!("the server exited first: {what}"),
        }
    }
}

impl Server {
    /// `shortlist serve --no-demo` on `data_dir`.
    pub fn start(data_dir: &Path) -> Server {
        Server::start_with(data_dir, &["--no-demo"])
    }

    /// `shortlist serve` on `data_dir` with `arguments`, on a port it chooses.
    pub fn start_with(data_dir: &Path, arguments: &[&str]) -> Server {
        let mut child = shortlist()
            .args(["serve", "--data-dir", data_dir.to_str().expect("a UTF-8 path")])
            .args(["--bind", "127.0.0.1:0"])
            .args(arguments)
            .env("SHORTLIST_LOG", "info")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the server starts");
        let log = lines_of(child.stderr.take().expect("a piped stderr"));
        let output = lines_of(child.stdout.take().expect("a piped stdout"));
        let mut server = Server { child, address: String::new(), log, output };
        let listening = server.wait_for_log("it logs the address it listens on", |line| line.contains("listening"));
        // `base_url=http://…` in text, `"base_url":"http://…"` in JSON.
        let after = &listening[listening.find("http://").expect("the address is logged") + "http://".len()..];
        let address = after.split(|character: char| character.is_whitespace() || character == '"').next();
        server.address = address.unwrap_or_default().to_owned();
        server
    }

    /// The first log line from now on that `matches`, or the test fails
    /// after `WAIT_SECONDS_MAX` (or when the server exits), naming `what`.
    pub fn wait_for_log(&mut self, what: &str, matches: impl Fn(&str) -> bool) -> String {
        wait_for_line(&self.log, what, matches)
    }

    /// The first line printed on stdout from now on that `matches`.
    pub fn wait_for_output(&mut self, what: &str, matches: impl Fn(&str) -> bool) -> String {
        wait_for_line(&self.output, what, matches)
    }

    /// Waits for the log line that records the result of `run` of an application's pipeline.
    pub fn wait_for_pipeline(&mut self, application_id: &str, run: u32) -> String {
        let (application, run_field) = (format!("application_id={application_id}"), format!("run={run}"));
        self.wait_for_log(&format!("it records run {run} of {application_id}'s pipeline"), |line| {
            line.contains("pipeline result recorded") && line.contains(&application) && line.contains(&run_field)
        })
    }

    /// Stops the server (SIGKILL) and returns the log lines nothing waited for.
    pub fn stop_and_collect_log(mut self) -> Vec<String> {
        let _ = self.child.kill();
        let _ = self.child.wait();
        // The pipe closed with the process, so this reads to its end.
        self.log.iter().collect()
    }

    pub fn get(&self, path: &str, key: &str) -> String {
        self.request("GET", path, key)
    }

    pub fn post(&self, path: &str, key: &str) -> String {
        self.request("POST", path, key)
    }

    /// The response body.
    pub fn request(&self, method: &str, path: &str, key: &str) -> String {
        self.exchange(method, path, &[("X-API-Key", key)], "")
    }

    /// Sends a request with `headers` and a JSON `body` (none when empty); returns the response body.
    pub fn exchange(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> String {
        let mut stream = TcpStream::connect(&self.address).expect("the server accepts a connection");
        let mut request = format!("{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n");
        for (name, value) in headers {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        if !body.is_empty() {
            request.push_str("Content-Type: application/json\r\n");
        }
        request.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
        stream.write_all(request.as_bytes()).expect("the request is sent");
        let mut response = String::new();
        stream.read_to_string(&mut response).expect("the response is read");
        response.split_once("\r\n\r\n").map(|(_, body)| body.to_owned()).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
