//! What the tests that drive the `shortlist` binary share: the binary, a
//! scratch data directory, and a server started on a data directory that
//! answers plain HTTP requests.

#![allow(dead_code)] // each test file uses its own part of this

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// How long a command or a server start may take before the test fails.
pub const WAIT_SECONDS_MAX: u64 = 60;

pub fn shortlist() -> Command {
    Command::new(env!("CARGO_BIN_EXE_shortlist"))
}

/// Runs `shortlist seed` with `arguments`, failing the test if it has not
/// exited within `WAIT_SECONDS_MAX` (it must stop by itself).
pub fn seed(data_dir: &Path, arguments: &[&str]) -> Output {
    let mut child = shortlist()
        .arg("seed")
        .args(["--data-dir", data_dir.to_str().expect("a UTF-8 path"), "--bind", "127.0.0.1:0"])
        .args(arguments)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let started = Instant::now();
    while child.try_wait().expect("waits").is_none() {
        if started.elapsed() > Duration::from_secs(WAIT_SECONDS_MAX) {
            let _ = child.kill();
            panic!("seed did not exit within {WAIT_SECONDS_MAX} s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().expect("its output")
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

/// `shortlist serve` on a seeded directory, stopped when dropped.
pub struct Server {
    child: std::process::Child,
    port: u16,
}

impl Server {
    pub fn start(data_dir: &Path) -> Server {
        let port =
            TcpListener::bind("127.0.0.1:0").and_then(|listener| listener.local_addr()).expect("a free port").port();
        let child = shortlist()
            .args(["serve", "--no-demo", "--data-dir", data_dir.to_str().expect("a UTF-8 path")])
            .args(["--bind", &format!("127.0.0.1:{port}")])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server starts");
        let server = Server { child, port };
        let started = Instant::now();
        while !server.request("GET", "/readyz", "").contains("\"ready\":true") {
            assert!(started.elapsed() < Duration::from_secs(WAIT_SECONDS_MAX), "the server became ready");
            std::thread::sleep(Duration::from_millis(50));
        }
        server
    }

    pub fn get(&self, path: &str, key: &str) -> String {
        self.request("GET", path, key)
    }

    pub fn post(&self, path: &str, key: &str) -> String {
        self.request("POST", path, key)
    }

    /// The response body ("" when the server is not listening yet).
    pub fn request(&self, method: &str, path: &str, key: &str) -> String {
        let Ok(mut stream) = TcpStream::connect(("127.0.0.1", self.port)) else { return String::new() };
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: localhost\r\nX-API-Key: {key}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        );
        let mut response = String::new();
        if stream.write_all(request.as_bytes()).is_err() || stream.read_to_string(&mut response).is_err() {
            return String::new();
        }
        response.split_once("\r\n\r\n").map(|(_, body)| body.to_owned()).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
